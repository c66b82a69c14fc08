import { createContext } from "react-router";

/** Facts about the incoming request that the Node server knows and routes need. */
export type RequestInfo = { nonce: string; requestId: string; ip: string | undefined };

export const requestContext = createContext<RequestInfo>();
