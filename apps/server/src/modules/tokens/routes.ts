import { ApiTokenList, CreatedApiToken, CreateTokenBody } from '@mailtokit/contracts/tokens';
import { PASSWORD_CONFIRMATION_MINUTES } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import { z } from 'zod';
import { authOf, sessionOf } from '../../lib/auth-hook';
import { clientKey } from '../../lib/client-key';
import type { App } from '../../lib/types';

/** Decimal digits (else 400); an id that names no row the caller may see answers 404. */
const IdParams = z.object({ id: idParam('Token id (a positive integer)') });
const SESSION_ONLY = 'Needs a signed-in session: an API token gets 403 SESSION_REQUIRED.';

/** Personal API tokens. Managed with a session only: a token never manages tokens. */
export async function tokenRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/tokens',
    schema: {
      tags: ['tokens'],
      operationId: 'listTokens',
      summary: 'The signed-in user’s API tokens, newest first (never their secrets)',
      description: SESSION_ONLY,
      response: { 200: ApiTokenList, 401: ErrorBody, 403: ErrorBody },
    },
    config: { auth: true },
    handler: async (request) => app.services.tokens.list(authOf(request).user),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/tokens',
    schema: {
      tags: ['tokens'],
      operationId: 'createToken',
      summary: 'Create an API token; the answer is the only time the token is shown',
      description: `${SESSION_ONLY} Needs \`currentPassword\`, or a password confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes (POST /api/v1/auth/confirm-password): else 400 on \`currentPassword\`. 409 past 50 tokens.`,
      body: CreateTokenBody,
      response: {
        201: CreatedApiToken,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        409: ErrorBody,
        429: ErrorBody,
      },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      await app.services.auth.requireFreshPassword(
        sessionOf(request),
        request.body.currentPassword,
        clientKey(request.ip),
      );
      const token = await app.services.tokens.create(authOf(request).user, request.body);
      return reply.code(201).header('Cache-Control', 'no-store').send(token);
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/tokens/:id',
    schema: {
      tags: ['tokens'],
      operationId: 'revokeToken',
      summary: 'Revoke an API token at once',
      description: `${SESSION_ONLY} Another user’s token answers 404.`,
      params: IdParams,
      response: {
        204: z.void().meta({ description: 'Revoked' }),
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
      },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      await app.services.tokens.revoke(authOf(request).user, request.params.id);
      return reply.code(204).send();
    },
  });
}
