import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * What went wrong, in one line: each attempt's first error line (a retried test keeps every attempt's errors,
 * the first attempt's first), with the element a browser action was waiting for when it timed out, from
 * Playwright's call log, since "locator.click: Timeout 30000ms exceeded" alone does not say which step it was.
 */
const summary = (errors: ReadonlyArray<{ message?: string }> | undefined) =>
  (errors ?? [])
    .map((e) => {
      // eslint-disable-next-line no-control-regex -- the call log comes coloured
      const lines = (e.message ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n");
      const waiting = lines.find((l) => /^\s*- waiting for /.test(l))?.trim().replace(/^- /, "");
      return waiting ? `${lines[0]} (${waiting})` : lines[0];
    })
    .join(" | then: ");

/**
 * Prints the plain `N passed, N failed` line that CI reads (Vitest's own summary is not read there). An error
 * outside any test (an unhandled rejection, an error thrown after a test ended) makes Vitest exit 1 with every
 * test passed: it counts as a failure here too, so the line never says `0 failed` for a run that failed.
 */
export default class PlainReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    const failures: string[] = [];
    for (const mod of testModules) {
      const file = mod.moduleId.replace(`${process.cwd()}/`, "");
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") {
          passed++;
          // A test that passed on its retry keeps the failed attempt's errors: name what went wrong the first time.
          if (test.diagnostic()?.flaky) flaky.push(`${file} > ${test.fullName} (first attempt: ${summary(test.result().errors)})`);
        } else if (state === "failed") {
          failedHere++;
          failures.push(`${file} > ${test.fullName}: ${summary(test.result().errors)}`);
        } else skipped++;
      }
      // A file that failed outside any test (import error, failing hook) counts as one failure.
      if (mod.state() === "failed" && failedHere === 0) {
        failedHere = 1;
        failures.push(`${file}: ${mod.errors()[0]?.message?.split("\n")[0] ?? "failed outside any test"}`);
      }
      failed += failedHere;
    }
    // CI keeps only the tail of its output: each failure gets one line here, under the summary Vitest printed above.
    for (const line of failures) process.stdout.write(`\nfailed: ${line}`);
    if (failures.length) process.stdout.write("\n");
    // The e2e journeys get one retry (vitest.config.ts); one that needed it is named, never passed off as clean.
    if (flaky.length) process.stdout.write(`\n${flaky.length} test(s) passed only on retry: ${flaky.join(" | ")}\n`);
    if (unhandledErrors.length) {
      process.stdout.write(`\n${unhandledErrors.length} error(s) outside any test: ${unhandledErrors.map((e) => e.message).join(" | ")}\n`);
      failed += unhandledErrors.length;
    }
    const tail = skipped ? `, ${skipped} skipped` : "";
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }
}
