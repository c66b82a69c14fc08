import { createContext, useContext } from "react";

/** The request's CSP nonce, for the few inline scripts the document needs. Empty in the browser. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
