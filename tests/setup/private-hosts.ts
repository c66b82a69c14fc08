import { resetEnvForTests } from "#app/env.server";

/**
 * Lets the SSRF guard reach these local servers (each `host:port`) for the tests of a file, as the e2e stack does
 * with TEST_ALLOW_PRIVATE_HOSTS (docs/decisions/011-test-only-private-hosts.md); `forgetPrivateHosts` undoes it.
 */
export function allowPrivateHosts(...hosts: string[]) {
  process.env.TEST_ALLOW_PRIVATE_HOSTS = hosts.join(",");
  resetEnvForTests();
}

export function forgetPrivateHosts() {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
}
