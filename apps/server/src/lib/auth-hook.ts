import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenScope } from '@mailtokit/contracts/tokens';
import type { UserRow } from '../db/types';
import { AppError, unauthorized } from './errors';
import { isApiRequest } from './http-edges';
import { isApiToken } from './tokens';
import type { App } from './types';

export const SESSION_COOKIE = 'mailtokit_session';

/**
 * The session cookie's attributes (set and cleared alike): httpOnly, SameSite=Lax, and Secure
 * whenever the request came over https or the public address is https. The latter holds even
 * when the server cannot see the scheme (a proxy without `TRUST_PROXY`), so a session that
 * HSTS protects never travels in clear.
 */
export function sessionCookieOptions(
  app: Pick<App, 'config'>,
  request: FastifyRequest,
): { path: string; httpOnly: true; sameSite: 'lax'; secure: boolean } {
  const publicHttps = app.config.publicUrl?.startsWith('https://') ?? false;
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicHttps || request.protocol === 'https',
  };
}

/** A signed-in session: its user, and the stored id of the session (the token's hash). */
export interface SessionAuth {
  user: UserRow;
  sessionId: string;
  /** When the password was last confirmed in this session (null: not since sign-in). */
  passwordConfirmedAt?: string | null;
}

/** A request authenticated by a personal API token. */
export interface TokenAuth {
  user: UserRow;
  tokenId: number;
  scopes: readonly TokenScope[];
}

/**
 * What authenticates a route, declared once on the route (`config.auth`) and read by both the
 * auth hook and the OpenAPI document, so the two cannot disagree.
 *
 * - absent: public; credentials are ignored.
 * - `true`: a signed-in session (cookie or bearer session token) only; API tokens get 403.
 * - `{ token: scope }`: a session, or an API token holding `scope` (else 403
 *   INSUFFICIENT_SCOPE).
 * - `{ optional: true }`: anonymous callers pass, a session is read when present, API tokens
 *   get 403 (sign-out).
 */
export interface RouteAuth {
  token?: TokenScope;
  optional?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved once per request from the cookie or bearer token. */
    auth: SessionAuth | null;
    /** The personal API token that authenticated this request, if one did. */
    token: TokenAuth | null;
    /** The raw token that authenticated this request (for logout). */
    authToken: string | null;
  }
  interface FastifyContextConfig {
    auth?: true | RouteAuth;
  }
}

/** The declaration in its long form; null for a public route. */
export function routeAuthOf(auth: true | RouteAuth | undefined): RouteAuth | null {
  if (auth === undefined) return null;
  return auth === true ? {} : auth;
}

export const SESSION_REQUIRED_DETAIL =
  'API tokens cannot make this call: it needs a signed-in session.';

export const insufficientScope = (scope: TokenScope) =>
  new AppError(403, 'INSUFFICIENT_SCOPE', `This token lacks the scope this call needs: ${scope}`);

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim() || null;
  return null;
}

/**
 * Resolves the caller on every API request and enforces the route's declaration. Runs before
 * body validation, so an anonymous request is 401 whatever its body.
 */
export function registerAuthHook(app: App): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('token', null);
  app.decorateRequest('authToken', null);
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!isApiRequest(request)) return;
    const spec = routeAuthOf(request.routeOptions.config.auth);
    const bearer = bearerOf(request);
    if (bearer && isApiToken(bearer)) {
      if (!spec) return;
      const token = await app.services.tokens.authenticate(bearer);
      if (!token) throw unauthorized('Invalid, revoked or expired API token');
      if (!spec.token) throw new AppError(403, 'SESSION_REQUIRED', SESSION_REQUIRED_DETAIL);
      if (!token.scopes.includes(spec.token)) throw insufficientScope(spec.token);
      request.token = token;
      return;
    }
    const credential = bearer ?? request.cookies[SESSION_COOKIE] ?? null;
    if (credential) {
      request.auth = await app.services.auth.authenticate(credential);
      if (request.auth) request.authToken = credential;
    }
    if (spec && !spec.optional && !request.auth) throw unauthorized();
  });
}

/** Who calls a route declared with `config.auth`: a session or an API token. */
export interface Caller {
  user: UserRow;
  sessionId: string | null;
  tokenId: number | null;
}

/** The caller of a route declared with `config.auth` (session or API token). */
export function authOf(request: FastifyRequest): Caller {
  if (request.auth)
    return { user: request.auth.user, sessionId: request.auth.sessionId, tokenId: null };
  if (request.token)
    return { user: request.token.user, sessionId: null, tokenId: request.token.tokenId };
  throw unauthorized();
}

/** The session of a session-only route (`config: { auth: true }`). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
