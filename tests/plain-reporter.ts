import type { Reporter, TestModule } from "vitest/node";

/** Prints the plain `N passed, N failed` line that CI reads (Vitest's own summary is not read there). */
export default class PlainReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failedHere++;
        else skipped++;
      }
      // A file that failed outside any test (import error, failing hook) counts as one failure.
      if (mod.state() === "failed" && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    const tail = skipped ? `, ${skipped} skipped` : "";
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }
}
