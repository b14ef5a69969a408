import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionAuth } from '../modules/auth/service';
import { unauthorized } from './errors';
import type { App } from './types';

export const SESSION_COOKIE = 'mailtokit_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved once per request from the cookie or bearer token. */
    auth: SessionAuth | null;
    /** The raw token that authenticated this request (for logout). */
    authToken: string | null;
  }
  interface FastifyContextConfig {
    /** Set on routes that need a signed-in user: anonymous requests get 401. */
    auth?: boolean;
  }
}

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/**
 * Resolves the session on every API request; enforces it where the route asks. Runs before
 * body validation, so an anonymous request is 401 whatever its body.
 */
export function registerAuthHook(app: App): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authToken', null);
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenFrom(request);
    if (token) {
      request.auth = await app.services.auth.authenticate(token);
      if (request.auth) request.authToken = token;
    }
    if (request.routeOptions.config.auth && !request.auth) throw unauthorized();
  });
}

/** The session of a route declared with `config: { auth: true }`. */
export function authOf(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
