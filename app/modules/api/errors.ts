import type { ApiErrorCode } from "./schemas";

/**
 * The one error of the Developer API: a status, a stable code and a message,
 * answered as `{ "error": { "code", "message", "issues"? } }` (ErrorSchema).
 */

export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
  }
}

export const notFoundError = (what: string) => new ApiError(404, "not_found", `${what} not found.`);
export const conflictError = (message: string) => new ApiError(409, "conflict", message);

export function validationError(issues: ApiIssue[], message = "The request is not valid; see issues.") {
  return new ApiError(400, "validation_error", message, issues);
}
