// Sums the JSON reports of Vitest and Playwright into the one closing line CI reads:
// "N passed, N failed". A report that is missing counts as a failure of its run.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

function countPlaywright(suites) {
  for (const suite of suites ?? []) {
    countPlaywright(suite.suites);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'flaky') passed += 1;
        else if (test.status === 'skipped') skipped += 1;
        else failed += 1;
      }
    }
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (that run did not finish)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0) {
      failed += 1; // a file that failed to load has no failed test but is a failure
    }
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    const before = { passed, failed };
    countPlaywright(report.suites);
    if ((report.errors ?? []).length > 0) failed += report.errors.length;
    console.log(`${file}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
  }
}

if (skipped > 0) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
