import { PublishError, type ConnectInput } from "../types";

/** The access token typed into a connect form; an empty one is refused before any request is made. */
export function typedToken(input: ConnectInput): string {
  const secret = input.secret.trim();
  if (!secret) throw new PublishError("config", "Please enter an access token.");
  return secret;
}
