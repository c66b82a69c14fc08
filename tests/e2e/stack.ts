// Fixed loopback ports of the end-to-end stack, shared by the launcher and the specs.
export const E2E_PORT = 3211;
export const FAKE_POSTMARK_PORT = 3212;
export const FAKE_OIDC_PORT = 3213;
export const TEST_SITE_PORT = 3214;
export const fakeUrl = (port: number) => `http://127.0.0.1:${port}`;
