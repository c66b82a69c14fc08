import { pino } from "pino";

/** One structured logger for the process; request logs are children carrying the request id. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "inkpilot" },
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
