/** The job queue's states, in the order the operators' jobs page lists them. Client-safe. */
export const JOB_STATES = ["queued", "running", "failed", "succeeded", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];
