import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The whole URL map, by hand. Files not listed here are not routes.
export default [
  layout("routes/marketing/layout.tsx", [index("routes/marketing/home.tsx")]),
  ...prefix("resources", [route("cron", "routes/resources/cron.ts")]),
  // The signed-in dashboard: requireAuth middleware and the sidebar shell. Add new pages to this array.
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx", { id: "dashboard-index" }),
    route("articles", "routes/dashboard/home.tsx", { id: "dashboard-articles" }),
    route("account", "routes/dashboard/account.tsx"),
    route("settings", "routes/dashboard/settings/index.tsx"),
    route("sidebar", "routes/dashboard/sidebar.ts"),
  ]),
  // Pathless so the email-change link (/account/confirm-email) gets the dashboard's sign-in guard and shell.
  layout("routes/dashboard/layout.tsx", { id: "dashboard-account-links" }, [
    route("account/confirm-email", "routes/dashboard/confirm-email.tsx"),
  ]),
  route("uploads/avatars/:file", "routes/resources/avatar.ts"),
  // Account access: sign-in, sign-up, verification and password reset pages in one centered card layout.
  layout("routes/auth/layout.tsx", [
    route("signin", "routes/auth/signin.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("verify", "routes/auth/verify.tsx"),
    route("resend-verification", "routes/auth/resend-verification.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
  ]),
  route("signout", "routes/auth/signout.ts"),
  route("auth/google", "routes/auth/google.ts"),
  route("auth/google/callback", "routes/auth/google-callback.ts"),
  // Onboarding dialog actions (scan / skip / finish); guarded by its own requireAuth middleware.
  route("dashboard/onboarding", "routes/dashboard/onboarding.tsx"),
  // Operator pages: a top-level entry with its own guard, apart from the customer dashboard layout.
  route("dashboard/admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("mailbox", "routes/admin/mailbox.tsx"),
    route("mailbox/:mailId", "routes/admin/mailbox-message.tsx"),
    route("sessions", "routes/admin/sessions.tsx"),
  ]),
] satisfies RouteConfig;
