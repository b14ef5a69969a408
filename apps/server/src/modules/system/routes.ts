import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorBody } from '@mailtokit/contracts/errors';
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
      description: 'A malformed URL (bad percent-encoding) answers 400 here as everywhere.',
      response: { 200: Health, 400: ErrorBody },
    },
    handler: async () => {
      await sql`select 1`.execute(app.db.kysely);
      return { status: 'ok' as const, database: app.db.dialect };
    },
  });
}
