// `npm test`: every suite — unit + API (Vitest, SQLite and PostgreSQL) then e2e (Playwright in
// Debian's Chromium) — and one closing summary line over all of them. `MAILTOKIT_TEST_E2E=0`
// runs the Vitest suites alone (CI does so on an older Node line when too little time is left
// for the whole suite; the summary then says the e2e suite did not run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-if-stale.mjs';
import { ChromiumNotFound, ensureChromium } from './chromium.mjs';
import { onSupportedNode } from './supported-node.mjs';

await onSupportedNode('npm test');

const withE2e = process.env.MAILTOKIT_TEST_E2E !== '0';

// The browser first: a missing one stops the run before any suite starts, never a skipped e2e.
try {
  if (withE2e) process.env.CHROMIUM_PATH = ensureChromium();
} catch (err) {
  if (!(err instanceof ChromiumNotFound)) throw err;
  console.error(err.message);
  process.exit(1);
}

const results = path.join(ROOT, 'test-results');
fs.mkdirSync(results, { recursive: true });
/** A package's command run by this very Node (no npx, so `with-node.mjs` keeps its version). */
const bin = (pkg, name) => {
  const dir = path.join(ROOT, 'node_modules', pkg);
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return path.join(dir, typeof bin === 'string' ? bin : bin[name]);
};
const run = (pkg, name, args) =>
  spawnSync(process.execPath, [bin(pkg, name), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const vitestFile = path.join(results, 'vitest.json');
const playwrightFile = path.join(results, 'playwright.json');
fs.rmSync(vitestFile, { force: true });
fs.rmSync(playwrightFile, { force: true });

const vitestStatus = run('vitest', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const playwrightStatus = withE2e ? run('@playwright/test', 'playwright', ['test']) : 0;

const v = readJson(vitestFile);
const vitest = {
  passed: v?.numPassedTests ?? 0,
  failed: v ? v.numFailedTests : 1,
  skipped: (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0),
};
const p = withE2e ? readJson(playwrightFile) : null;
const playwright = {
  passed: p?.stats?.expected ?? 0,
  failed: p || !withE2e ? (p?.stats?.unexpected ?? 0) : 1,
  skipped: p?.stats?.skipped ?? 0,
  flaky: p?.stats?.flaky ?? 0,
};
/** Names of the failed tests, so a log's last lines say what to look at. */
const failedNames = [];
for (const file of v?.testResults ?? []) {
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'failed') {
      failedNames.push(`${path.relative(ROOT, file.name)} > ${t.fullName ?? t.title}`);
    }
  }
}
/** Walks Playwright's nested suites; a test failed when its outcome was "unexpected". */
const walk = (suite, file) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected')
        failedNames.push(`${file ?? suite.file} > ${spec.title} [${t.projectName}]`);
    }
  }
  for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
};
for (const suite of p?.suites ?? []) walk(suite);

// A suite that failed to run at all counts as a failure.
if (vitestStatus !== 0 && vitest.failed === 0) vitest.failed = 1;
if (playwrightStatus !== 0 && playwright.failed === 0) playwright.failed = 1;

console.log('');
console.log(
  `Vitest (unit + API on SQLite/PostgreSQL): ${vitest.passed} passed, ${vitest.failed} failed, ${vitest.skipped} skipped`,
);
console.log(
  withE2e
    ? `Playwright (e2e, Chromium): ${playwright.passed + playwright.flaky} passed, ${playwright.failed} failed, ${playwright.skipped} skipped${playwright.flaky ? ` (${playwright.flaky} flaky)` : ''}`
    : 'Playwright (e2e, Chromium): not run (MAILTOKIT_TEST_E2E=0)',
);
const passed = vitest.passed + playwright.passed + playwright.flaky;
const failed = vitest.failed + playwright.failed;
const skipped = vitest.skipped + playwright.skipped;
// Read back by .ci/run, which runs the suite on more than one Node.
fs.writeFileSync(
  path.join(results, 'summary.json'),
  JSON.stringify({ node: process.version, e2e: withE2e, passed, failed, skipped, failedNames }) +
    '\n',
);
if (failedNames.length > 0) {
  console.log('Failed:');
  for (const name of failedNames) console.log(`  ${name}`);
}
console.log(
  `Node ${process.version}, Chromium ${withE2e ? process.env.CHROMIUM_PATH : '(not used)'}`,
);
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
