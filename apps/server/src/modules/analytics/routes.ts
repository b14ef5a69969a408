import { AnalyticsOverview, AnalyticsQuery, LinkAnalytics } from '@mailtokit/contracts/analytics';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import type { App } from '../../lib/types';
import { premiumFirst } from '../../lib/tier-gate';

/** Decimal digits (else 400); an id that names no row the caller may see answers 404. */
const IdParams = z.object({ id: idParam('Link id (a positive integer)') });
const CsvQuery = AnalyticsQuery.pick({ from: true, to: true });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const RANGE =
  '`from` and `to`: `YYYY-MM-DD` or ISO date-times with a zone, both inclusive (default: the last 30 days, UTC); at most 366 days; hourly at most the last 744 hours.';
const ACCESS =
  'Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise) and read access to the link (404 otherwise).';

/** Click analytics: per link, across links, and the CSV export. */
export async function analyticsRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/api/v1/mailto-links/:id/analytics',
    schema: {
      tags: ['analytics'],
      operationId: 'getLinkAnalytics',
      summary: 'A link’s clicks, visitors, series and breakdowns over a range',
      description: `Hits that are not a person’s click (bots, link previews, email scanners, prefetches, repeats) are counted apart (botClicks, and by reason in filtered) and left out of everything else. ${RANGE} ${ACCESS}`,
      params: IdParams,
      querystring: AnalyticsQuery,
      response: { 200: LinkAnalytics, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'analytics:read' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) =>
      app.services.analytics.forLink(authOf(request).user, request.params.id, request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v1/analytics/overview',
    schema: {
      tags: ['analytics'],
      operationId: 'getAnalyticsOverview',
      summary: 'Clicks and visitors of every link the caller can see',
      description: `${RANGE} Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).`,
      querystring: AnalyticsQuery,
      response: { 200: AnalyticsOverview, ...errors },
    },
    // Plain JSON.stringify: the service builds the answer field by field, and checking up to
    // 5,000 links against the schema on the way out cost five times the call's own work.
    serializerCompiler: () => (data) => JSON.stringify(data),
    config: { auth: { token: 'analytics:read' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) =>
      app.services.analytics.overview(authOf(request).user, request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/v1/mailto-links/:id/clicks.csv',
    schema: {
      tags: ['analytics'],
      operationId: 'exportClicksCsv',
      summary: 'A link’s clicks as CSV (streamed)',
      description: `Columns: occurred_at, tracking_link, label, referrer_host, browser, os, device, is_bot (left out of the counts), visitor_id (a prefix of the daily-salted visitor hash; no IPs are stored), classification (human, bot, preview, scanner, prefetch or repeat). ${RANGE} ${ACCESS}`,
      params: IdParams,
      querystring: CsvQuery,
      // A stream is sent as it is (no serialization); the schema only documents it.
      response: {
        200: z.unknown().meta({ description: 'CSV, UTF-8, CRLF' }),
        ...errors,
        404: ErrorBody,
      },
      produces: ['text/csv'],
    },
    config: { auth: { token: 'analytics:read' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request, reply) => {
      const csv = await app.services.analytics.clicksCsv(authOf(request).user, request.params.id, {
        ...request.query,
        interval: 'day',
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csv.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(csv.body);
    },
  });
}
