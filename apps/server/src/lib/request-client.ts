import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What the logs of actions keep of the client that made a request: never its address. */
export interface RequestClient {
  /** The User-Agent header, cut to USER_AGENT_MAX characters; null when absent. */
  userAgent: string | null;
  /** Two-letter country code, when a lookup knows it (none is configured yet). */
  country: string | null;
}

export const USER_AGENT_MAX = 512;

const current = new AsyncLocalStorage<RequestClient>();

/**
 * Makes the request's client readable by the services it calls (`requestClient()`), without
 * handing it down every call. Registered before the auth hook, at `preValidation` (after the
 * body is read, whose stream events would otherwise run outside the request's context).
 */
export function registerRequestClient(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    const client: RequestClient = {
      userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null,
      country: null,
    };
    current.run(client, done);
  });
}

/** The client of the request being served; an unknown one outside a request (CLI, workers). */
export function requestClient(): RequestClient {
  return current.getStore() ?? { userAgent: null, country: null };
}
