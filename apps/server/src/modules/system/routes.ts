import { z } from 'zod';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { serviceUnavailable } from '../../lib/errors';
import type { App } from '../../lib/types';

const Health = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export async function systemRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/health',
    schema: {
      tags: ['system'],
      operationId: 'getHealth',
      summary: 'Liveness and database check',
      description:
        'For load balancers: 200 when this instance can reach its database, 503 `SERVICE_UNAVAILABLE` when it cannot (or while it shuts down). A malformed URL (bad percent-encoding) answers 400 here as everywhere.',
      response: { 200: Health, 400: ErrorBody, 503: ErrorBody },
    },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        return await app.services.system.health();
      } catch (err) {
        throw serviceUnavailable(err);
      }
    },
  });
}
