/** The hosted blog's only typeface: the system stack, no web font files (listed on the operators' font debug page). */
export const HOSTED_BLOG_FONT_STACK = `system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif`;
