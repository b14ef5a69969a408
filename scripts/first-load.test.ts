import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from './build-if-stale.mjs';
import { chunkFiles, measurePages, readBuild, WEB_DIST } from './js-budget.mjs';

// What a returning user's first visit of the dashboard runs, read from the build (which runs
// when it is stale). The files are those the JavaScript budget counts for that page.
describe('the signed-in dashboard on a first visit', () => {
  beforeAll(() => buildIfStale(['web']), 180_000);

  const pageFiles = (name: string) => {
    const row = measurePages().find((r) => r.page === name || r.page.startsWith(`${name} `));
    if (!row) throw new Error(`no budget for ${name}`);
    return row.files;
  };
  const hasZod = (file: string) =>
    fs.readFileSync(path.join(WEB_DIST, file), 'utf8').includes('$ZodType');

  it('loads no validation library: zod comes with the first form or mutation that needs it', () => {
    const files = pageFiles('/dashboard');
    expect(files.length).toBeGreaterThan(2);
    expect(files.filter(hasZod)).toEqual([]);
    // The check can fail: zod's code carries that name, and the build holds it somewhere.
    const all = fs.readdirSync(path.join(WEB_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(all.some((file) => hasZod(path.join('assets', file)))).toBe(true);
  });

  it("names the page's code in its HTML, so it downloads with the entry", () => {
    const html = fs.readFileSync(path.join(WEB_DIST, 'pages', 'dashboard.html'), 'utf8');
    // The entry by its script tag, every other file by a modulepreload link.
    const linked = new Set(
      [
        ...html.matchAll(
          /<(?:link rel="modulepreload"|script type="module")[^>]*(?:href|src)="\/([^"]+)"/g,
        ),
      ].map((m) => m[1]),
    );
    const dashboard = pageFiles('/dashboard');
    for (const file of dashboard) expect(linked, file).toContain(file);
    // The landing page names none of the dashboard's own code.
    const home = fs.readFileSync(path.join(WEB_DIST, 'pages', 'index.html'), 'utf8');
    const landing = new Set(pageFiles('/'));
    const dashboardOnly = dashboard.filter((file) => !landing.has(file));
    expect(dashboardOnly.length).toBeGreaterThan(0);
    for (const file of dashboardOnly) expect(home).not.toContain(file);
  });

  it('arrives in a handful of files, each a request of its own on a slow connection', () => {
    const files = pageFiles('/dashboard');
    // The entry, the build's runtime, the query client, the code shared with public pages and
    // the dashboard's own: one request each, not some forty small ones.
    expect(files.length).toBeLessThanOrEqual(5);
  });

  it('keeps its own code out of what a signed-out visitor loads, now or on use', () => {
    const output = readBuild(WEB_DIST);
    const holding = (module: string) => {
      const file = output.modules[module];
      if (!file) throw new Error(`${module} is in no file of the build`);
      return file;
    };
    const dashboardCode = holding('src/app/routes/dashboard.tsx');
    const queryClient = holding('src/lib/query-client.ts');
    // The dashboard's own chunk is not the entry's, nor the query client's.
    expect(chunkFiles(output, ['index.html'])).not.toContain(dashboardCode);
    expect(dashboardCode).not.toBe(queryClient);
    for (const page of [
      'src/features/auth/components/auth-page.tsx',
      'src/features/auth/components/forgot-password-page.tsx',
      'src/features/contact/components/contact-page.tsx',
      'src/features/pages/components/pricing-page.tsx',
      'src/app/routes/not-found.tsx',
    ])
      expect(chunkFiles(output, [page]), page).not.toContain(dashboardCode);
    // What the home page loads on use (the generator's result, the import dialog, the toasts)
    // needs neither the dashboard nor the query client.
    for (const onUse of [
      'src/features/generator/components/generator-result.tsx',
      'src/features/generator/components/import-mailto-dialog.tsx',
      'src/components/ui/toast.tsx',
    ]) {
      const files = chunkFiles(output, [onUse]);
      expect(files, onUse).not.toContain(dashboardCode);
      expect(files, onUse).not.toContain(queryClient);
    }
  });
});
