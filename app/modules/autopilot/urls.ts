/** A day's page: its timeline and, while its article waits, the review (approve, edit or reject). */
export const dayUrl = (dayId: string) => `/dashboard/review/${dayId}`;
