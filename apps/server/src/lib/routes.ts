/**
 * The canonical `/api/v1/...` path of a route plus the spec's un-versioned aliases. Aliases
 * serve the same handler and stay out of the OpenAPI document (`hide`).
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
