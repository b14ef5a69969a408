/** fetch() options for a JSON request. */
export function jsonRequest(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * A JSON call to a running server's API (seeding users, links and tracking links, reading
 * back): the parsed answer, or an error naming the call when its status is not `expect`
 * (200 unless given).
 */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; expect?: number } = {},
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  if (res.status !== (opts.expect ?? 200))
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
