import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

// A console.error during a test fails it: an error nobody expected is a bug
// even when the assertions pass. A test that expects one says so with
// `vi.spyOn(console, "error").mockImplementation(() => {})` and asserts on the
// spy; the spy replaces this recorder for that test.
const logged: string[] = [];
const original = console.error;

beforeEach(() => {
  logged.length = 0;
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (logged.length > 0) {
    const first = logged[0]!.split("\n").slice(0, 5).join("\n");
    throw new Error(`console.error was called ${logged.length} time(s) during this test (expect it with a spy if intended):\n${first}`);
  }
});
