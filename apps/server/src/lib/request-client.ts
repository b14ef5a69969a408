import { AsyncLocalStorage } from 'node:async_hooks';
import { storableHeaderText } from '@mailtokit/contracts/fields';
import type { FastifyInstance } from 'fastify';

/** What the logs of actions keep of the client that made a request: never its address. */
export interface RequestClient {
  /**
   * The User-Agent header as it can be stored (control characters a client sent dropped), cut to
   * USER_AGENT_MAX characters; null when absent or empty.
   */
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
    const raw = request.headers['user-agent'];
    const agent = typeof raw === 'string' ? storableHeaderText(raw).slice(0, USER_AGENT_MAX) : '';
    const client: RequestClient = {
      userAgent: agent === '' ? null : agent,
      country: null,
    };
    current.run(client, done);
  });
}

/** The client of the request being served; an unknown one outside a request (CLI, workers). */
export function requestClient(): RequestClient {
  return current.getStore() ?? { userAgent: null, country: null };
}
