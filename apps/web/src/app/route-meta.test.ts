import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, metaFor, SIGNED_IN_PREFIXES } from './route-meta';

// The server answers 404 for any path outside APP_ROUTES: a page missing from it would answer
// 404 although the app shows it.
const routerSource = fs.readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
const routerPaths = [...routerSource.matchAll(/<Route\s+(?:index|path="([^"]+)")/g)].map(
  ([, path]) => `/${path ?? ''}`,
);

describe('APP_ROUTES', () => {
  it('names every page of the router, and only those', () => {
    const pages = routerPaths.filter((p) => !p.endsWith('*'));
    expect(pages.length).toBeGreaterThan(10);
    expect([...APP_ROUTES].sort()).toEqual([...pages].sort());
  });

  it('shows unknown signed-in paths inside the app', () => {
    const catchAll = routerPaths.filter((p) => p.endsWith('/*') && p !== '/*');
    for (const path of catchAll)
      expect(SIGNED_IN_PREFIXES.some((prefix) => path.startsWith(prefix))).toBe(true);
  });

  it('titles an unknown path as not found', () => {
    expect(metaFor('/nope').title).toBe('Page not found — MailtoKit');
    expect(metaFor('/dashboard').title).toBe('Dashboard — MailtoKit');
  });

  it("starts a link's or a team's page title with its name once known", () => {
    expect(metaFor('/dashboard/analytics/7').title).toBe('Link analytics — MailtoKit');
    expect(metaFor('/dashboard/analytics/7', 'Press').title).toBe('Press · analytics — MailtoKit');
    expect(metaFor('/dashboard/edit-link/7', 'Press').title).toBe('Press · edit — MailtoKit');
    expect(metaFor('/teams/3', 'Marketing').title).toBe('Marketing — MailtoKit');
    expect(metaFor('/dashboard/profile', 'Press').title).toBe('Profile — MailtoKit');
  });
});
