import { publicBaseUrl } from '../config';
import type { App } from './types';

/**
 * The canonical `/api/v1/...` path of a route plus its aliases for older clients (un-versioned
 * or with a trailing slash; docs/product.md). Aliases serve the same handler and stay out of
 * the OpenAPI document (`hide`).
 *
 *   for (const { url, hide } of withAliases('/api/v1/profile', '/api/profile'))
 *     app.route({ url, schema: { hide, ... }, ... });
 */
export function withAliases(
  canonical: string,
  ...aliases: string[]
): { url: string; hide: boolean }[] {
  return [{ url: canonical, hide: false }, ...aliases.map((url) => ({ url, hide: true }))];
}

/**
 * Base of the public URLs an answer carries (tracking links, exports): PUBLIC_URL, else the
 * address the server listens on; never the request's `Host` (config.ts `publicBaseUrl`).
 */
export function publicOrigin(app: Pick<App, 'config'>): string {
  return publicBaseUrl(app.config);
}
