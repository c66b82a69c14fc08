/** A day's page: its timeline and, while its article waits, the review (approve, edit or reject). */
export const dayUrl = (dayId: string) => `/dashboard/review/${dayId}`;

/** A calendar day's link: the day's page once auto-pilot started it (its topic is the one being written, decision 059), else 'Choose a topic'. */
export const calendarDayUrl = (date: string, dayId: string | undefined) =>
  dayId ? dayUrl(dayId) : `/dashboard/scheduler?view=calendar&choose=${date}`;
