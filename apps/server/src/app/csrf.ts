import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { isApiRequest } from '../lib/http-edges';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: unsafe methods must carry a JSON body (enforced by the
 * content-type parsers) and, when the browser sends an Origin, it must be our own.
 */
export function csrfGuard(config: Config) {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  return async (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin)
      throw new AppError(403, 'CSRF_REJECTED', 'Cross-site request rejected');
  };
}
