import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from './build-if-stale.mjs';
import { formatTable, htmlScripts, measureOnWire, startBuiltServer } from './js-budget.mjs';

// The JavaScript budget of each page is a test, so a change that makes the first visit
// heavier fails here instead of quietly undoing the work (the builds run when they are stale).
// The scripts are fetched from the built server over HTTP: what counts is what a browser
// transfers, compressed bodies and response headers alike.
describe('JavaScript budget per page (bytes on the wire, first visit)', () => {
  let server: { origin: string; stop: () => Promise<void> } | undefined;
  let rows: Awaited<ReturnType<typeof measureOnWire>> = [];

  beforeAll(async () => {
    buildIfStale(['web', 'server']);
    server = await startBuiltServer();
    rows = await measureOnWire(server.origin);
    console.log(formatTable(rows));
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps every page within its budget', () => {
    for (const row of rows)
      expect(
        row.total,
        `${row.page} transfers ${row.total} bytes of JavaScript, over its budget of ${row.budget}:\n${formatTable([row])}`,
      ).toBeLessThanOrEqual(row.budget);
  });

  it('counts the home page scripts on every page, headers included', () => {
    const [home, ...others] = rows;
    if (!home) throw new Error('no pages measured');
    expect(home.files.length).toBeGreaterThan(0);
    // Every script is sent with a status line and headers: never less than a few dozen bytes.
    expect(home.headers).toBeGreaterThan(home.files.length * 50);
    for (const page of others) {
      for (const file of home.files) expect(page.files).toContain(file);
      expect(page.total).toBeGreaterThan(home.total);
    }
  });
});

describe('htmlScripts', () => {
  it('finds classic and module scripts and modulepreloads of the page, not other links', () => {
    const html = `<head>
      <script src="/theme.js"></script>
      <script type="module" fetchpriority="low" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
      <link rel="stylesheet" href="/assets/index-c3.css">
      <link rel="icon" href="/favicon.svg">
      <script>document.documentElement.dataset.x = '1'</script>
      <script src="https://cdn.example.com/x.js"></script>
    </head>`;
    expect([...htmlScripts(html)]).toEqual([
      '/theme.js',
      '/assets/index-a1.js',
      '/assets/vendor-b2.js',
    ]);
  });
});
