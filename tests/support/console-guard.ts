/**
 * Tests fail on unexpected `console.error`: an error logged during a test is almost always a
 * bug the assertions did not see. Allow an expected one with `allowConsoleError(/pattern/)`
 * inside the test (reset after each test).
 */
import { afterEach, beforeEach, vi } from "vitest";

let allowed: RegExp[] = [];
let unexpected: string[] = [];

export function allowConsoleError(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

function render(args: unknown[]): string {
  return args
    .map((a) =>
      a instanceof Error
        ? (a.stack ?? a.message)
        : typeof a === "string"
          ? a
          : (() => {
              try {
                return JSON.stringify(a);
              } catch {
                return String(a);
              }
            })(),
    )
    .join(" ");
}

const original = console.error.bind(console);

beforeEach(() => {
  allowed = [];
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const text = render(args);
    if (!allowed.some((re) => re.test(text))) unexpected.push(text);
    original(...args);
  });
});

afterEach(() => {
  const errors = unexpected;
  unexpected = [];
  allowed = [];
  vi.mocked(console.error).mockRestore?.();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called ${errors.length} time(s) during the test (use allowConsoleError if expected):\n${errors.map((e) => `  - ${e.slice(0, 500)}`).join("\n")}`,
    );
  }
});
