import fs from 'node:fs';
import path from 'node:path';

/** What the server knows of the web app's pages (the web build's `dist/.vite/routes.json`). */
export interface SpaRoutes {
  /** The app has a page at this path (its HTML answers with 200). */
  isPage(pathname: string): boolean;
  /** The path lies in the signed-in app, where the app shows its own not-found page. */
  isSignedIn(pathname: string): boolean;
  /** The prerendered not-found page, relative to the build's root. */
  notFoundPage: string;
  /**
   * The page prerendered for this path and query (relative to the build's root), when the
   * query asks for what a variant shows (`/auth?tab=register`); null otherwise.
   */
  variantFor(pathname: string, query: Readonly<Record<string, unknown>>): string | null;
}

interface Variant {
  path: string;
  query: Record<string, string>;
  page: string;
}

interface RoutesManifest {
  routes: string[];
  signedInPrefixes: string[];
  notFoundPage: string;
  variants?: Variant[];
}

const isVariant = (value: unknown): value is Variant => {
  const v = value as Partial<Variant> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.path === 'string' &&
    typeof v.page === 'string' &&
    typeof v.query === 'object' &&
    v.query !== null &&
    Object.values(v.query).every((x) => typeof x === 'string')
  );
};

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The routes the web build wrote (apps/web/src/app/route-meta.ts, `APP_ROUTES`): patterns where
 * `:name` stands for one non-empty path segment; a trailing slash is ignored, as the client's
 * router does. Null for a build without the file (every page path is then the app's).
 */
export function loadSpaRoutes(webDist: string): SpaRoutes | null {
  const file = path.join(webDist, '.vite', 'routes.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RoutesManifest>;
  const { routes, signedInPrefixes, notFoundPage, variants = [] } = manifest;
  if (
    !isStringList(routes) ||
    !isStringList(signedInPrefixes) ||
    typeof notFoundPage !== 'string' ||
    !Array.isArray(variants) ||
    !variants.every(isVariant)
  )
    throw new Error(`${file}: expected { routes, signedInPrefixes, notFoundPage, variants? }`);
  const patterns = routes.map((route) => route.split('/'));
  return {
    isPage(pathname) {
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const actual = trimmed.split('/');
      return patterns.some(
        (parts) =>
          parts.length === actual.length &&
          parts.every((part, i) => (part.startsWith(':') ? actual[i] !== '' : part === actual[i])),
      );
    },
    isSignedIn: (pathname) => signedInPrefixes.some((prefix) => pathname.startsWith(prefix)),
    notFoundPage,
    variantFor(pathname, query) {
      const found = variants.find(
        (v) =>
          v.path === pathname &&
          Object.entries(v.query).every(([name, value]) => query[name] === value),
      );
      return found?.page ?? null;
    },
  };
}
