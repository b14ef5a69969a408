import type { FastifyRequest } from 'fastify';
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

/** Base of public URLs: PUBLIC_URL when configured, else the origin the request came to. */
export function publicOrigin(app: App, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
