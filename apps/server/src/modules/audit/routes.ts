import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import {
  TEAM_AUDIT_CSV_COLUMNS,
  TEAM_AUDIT_CSV_MAX,
  TEAM_AUDIT_MAX_LIMIT,
  TEAM_AUDIT_RETENTION_DAYS,
  TeamAuditList,
  TeamAuditQuery,
} from '@mailtokit/contracts/audit';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import type { App } from '../../lib/types';

const TeamParams = z.object({ id: idParam('Team id (a positive integer)') });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const WHO = `The team's owner and admins only: members get 403, anyone else 404 Team not found. Entries are appended by the changes themselves and never rewritten; they are kept as long as the team exists (at least ${TEAM_AUDIT_RETENTION_DAYS} days) and deleted with it. An entry names its actor by id and by the username they had then (\`deleted\`: the account is gone), and the client by its user agent (never its address).`;

/** A team's audit log: `GET /api/v1/teams/{id}/audit` and its CSV. */
export async function auditRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/teams/:id/audit',
    schema: {
      tags: ['teams'],
      operationId: 'listTeamAudit',
      summary: "A team's audit log, newest first",
      description: `Filtered by person (\`actorId\`), \`action\` and UTC days (\`from\`, \`to\`, inclusive), at most ${TEAM_AUDIT_MAX_LIMIT} per call from \`offset\`; X-Total-Count holds the number of matches. ${WHO}`,
      params: TeamParams,
      querystring: TeamAuditQuery,
      response: { 200: TeamAuditList, ...errors },
    },
    config: { auth: { token: 'audit:read' } },
    handler: async (request, reply) => {
      const { entries, total } = await app.services.audit.list(
        authOf(request).user,
        request.params.id,
        request.query,
      );
      reply.header('X-Total-Count', String(total));
      return entries;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v1/teams/:id/audit.csv',
    schema: {
      tags: ['teams'],
      operationId: 'exportTeamAuditCsv',
      summary: "A team's audit log as CSV",
      description: `The same filters, newest first, at most ${TEAM_AUDIT_CSV_MAX.toLocaleString('en')} entries; RFC 4180, UTF-8, header \`${TEAM_AUDIT_CSV_COLUMNS.join(',')}\`. ${WHO}`,
      params: TeamParams,
      querystring: TeamAuditQuery.omit({ limit: true, offset: true }),
      produces: ['text/csv'],
      response: { 200: z.unknown().meta({ description: 'The CSV file' }), ...errors },
    },
    config: { auth: { token: 'audit:read' } },
    handler: async (request, reply) => {
      const lines = await app.services.audit.csv(authOf(request).user, request.params.id, {
        ...request.query,
        limit: TEAM_AUDIT_CSV_MAX,
        offset: 0,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="mailtokit-team-${request.params.id}-audit-${utcToday()}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });
}
