import { ErrorBody } from '@mailtokit/contracts/errors';
import {
  SECURITY_LOG_MAX_LIMIT,
  SecurityEventList,
  SecurityLogQuery,
} from '@mailtokit/contracts/security-log';
import { authOf } from '../../lib/auth-hook';
import type { App } from '../../lib/types';

/** The signed-in user's own security log: `GET /api/v1/account/security-log`. */
export async function securityLogRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/account/security-log',
    schema: {
      tags: ['account'],
      operationId: 'listSecurityLog',
      summary: "The signed-in user's security log, newest first",
      description: `Sign-ins (successful and failed), other sessions signed out, password and email changes, password resets, API tokens and webhooks created and revoked, each with the client's user agent (never its address). At most ${SECURITY_LOG_MAX_LIMIT} per call from \`offset\`; X-Total-Count holds how many there are. Session only. Nothing changes an event; deleting the account deletes the log.`,
      querystring: SecurityLogQuery,
      response: { 200: SecurityEventList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      const { events, total } = await app.services.securityLog.list(
        authOf(request).user,
        request.query,
      );
      reply.header('X-Total-Count', String(total));
      return events;
    },
  });
}
