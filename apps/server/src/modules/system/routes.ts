import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../lib/types';

const Health = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export async function systemRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/health',
    schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: Health } },
    handler: async () => {
      await sql`select 1`.execute(app.db.kysely);
      return { status: 'ok' as const, database: app.db.dialect };
    },
  });
}
