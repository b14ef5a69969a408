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

/** What registration takes. */
export interface NewUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
}

/** Registers a user through the API (201), or throws naming the call. */
export async function signUp(base: string, user: NewUser): Promise<void> {
  const { username, email, password, firstName, lastName } = user;
  await api(base, 'POST', '/api/v1/auth/register', {
    body: { username, email, password, firstName, lastName },
    expect: 201,
  });
}

/** A session made through the API's sign-in. */
export interface SignedIn {
  /** The session's bearer token (`Authorization: Bearer`), for `api`'s `token`. */
  token: string;
  userId: number;
  /** Every cookie the sign-in set, as a Cookie header (a browser's session). */
  cookie: string;
}

/** Signs a user in through the API (200), or throws naming the call. */
export async function signIn(base: string, username: string, password: string): Promise<SignedIn> {
  const res = await fetch(`${base}/api/v1/auth/login`, jsonRequest('POST', { username, password }));
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`POST /api/v1/auth/login: ${res.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { access_token: string; user: { id: number } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { token: body.access_token, userId: body.user.id, cookie };
}
