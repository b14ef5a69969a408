import { AccountExport, DeleteAccountBody } from '@mailtokit/contracts/account';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { z } from 'zod';
import { PASSWORD_CONFIRMATION_MINUTES } from '@mailtokit/contracts/auth';
import { authOf, SESSION_COOKIE, sessionCookieOptions, sessionOf } from '../../lib/auth-hook';
import { clientKey } from '../../lib/client-key';
import type { App } from '../../lib/types';
import { publicOrigin } from '../../lib/routes';

/** The account as a whole: export (data portability) and deletion. Session only. */
export async function accountRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/account/export',
    schema: {
      tags: ['account'],
      operationId: 'exportAccount',
      summary:
        'Download everything the account holds as JSON (profile, saved and tracking links with click totals, teams, API token and webhook metadata); never a password, token or secret. Streamed; a few exports per account an hour (429 past it)',
      response: { 200: AccountExport, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      const { user } = authOf(request);
      const data = await app.services.account.export(user, publicOrigin(app));
      const day = data.exportedAt.slice(0, 10);
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header(
            'Content-Disposition',
            `attachment; filename="mailtokit-${user.username}-${day}.json"`,
          )
          // The JSON text of an AccountExport, streamed as it is read: a stream is sent as it
          // is (never serialized), and the schema above documents what it holds.
          .send(data.body as unknown as AccountExport)
      );
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/account',
    schema: {
      tags: ['account'],
      operationId: 'deleteAccount',
      summary:
        'Delete the account and everything it holds, in one transaction: 403 for a wrong password, 409 OWNS_TEAMS while it owns a team with other members. Teams it owns alone and its links shared with teams are deleted too',
      description: `Needs \`password\`, or a password (or code) confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes (POST /api/v1/auth/confirm-password): else 400 on \`currentPassword\`.`,
      body: DeleteAccountBody,
      response: {
        204: z.void().meta({ description: 'Deleted; the session cookie is cleared' }),
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
      },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      const auth = sessionOf(request);
      const { password } = request.body;
      if (password === undefined)
        await app.services.auth.requireFreshPassword(auth, undefined, clientKey(request.ip));
      await app.services.account.delete(auth.user, password ?? null, clientKey(request.ip));
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app, request));
      return reply.code(204).send();
    },
  });
}
