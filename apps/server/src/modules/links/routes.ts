import { OkResponse } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import {
  LINK_LIST_DEFAULT_LIMIT,
  LINK_LIST_MAX_LIMIT,
  LINK_CSV_COLUMNS,
  LINK_IMPORT_MAX_BYTES,
  LINK_IMPORT_MAX_ROWS,
  LINKS_PER_USER_MAX,
  LinkBody,
  LinkImportInvalid,
  LinkImportQuery,
  LinkImportResult,
  LinkListQuery,
  MailtoLink,
  MailtoLinkList,
} from '@mailtokit/contracts/links';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { AppError } from '../../lib/errors';
import { publicOrigin, withAliases } from '../../lib/routes';
import { premiumFirst } from '../../lib/tier-gate';
import type { App } from '../../lib/types';
import { ImportInvalidError, LinksCsvService } from './csv-service';
import { bulkRoute, tagRoutes } from './tags-routes';
import { LinkExportQuery } from '@mailtokit/contracts/tags';

/** Decimal digits (else 400); an id that names no row the caller may see answers 404. */
const IdParams = z.object({ id: idParam('Link id (a positive integer)') });

const errors = { 401: ErrorBody, 403: ErrorBody };
const PREMIUM = 'Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).';

/** The ceiling of saved links, as the API documentation states it. */
const CEILING = (app: App) =>
  `An account holds at most ${(app.config.linksPerUserMax ?? LINKS_PER_USER_MAX).toLocaleString('en')} links of its own (409 past it).`;

const CSV_TYPE = 'text/csv';
const FORMULAS =
  'Cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return, possibly after single quotes) get one more single quote in front; the import removes it again, so export -> import is exact.';

/** Saved mailto links: `/api/v1/mailto-links`, also served with a trailing slash (older clients). */
export async function linkRoutes(app: App) {
  const csv = new LinksCsvService(app.db, app.services.links, app.clock);

  app.route({
    method: 'GET',
    url: '/api/v1/mailto-links/export.csv',
    schema: {
      tags: ['links'],
      operationId: 'exportLinksCsv',
      summary: 'Every link the signed-in user wrote (or the chosen ones), as CSV',
      description: `RFC 4180, UTF-8, header \`${LINK_CSV_COLUMNS.join(',')}\` (\`team\`: the name of the team a link is shared with, else empty; \`tags\`: its tags' names separated by commas), streamed as an attachment. Line breaks inside fields are kept. With \`ids\`, only those links (own or shared with the caller's teams). ${FORMULAS} ${PREMIUM}`,
      produces: [CSV_TYPE],
      querystring: LinkExportQuery,
      response: {
        200: z.unknown().meta({ description: 'The CSV file' }),
        400: ErrorBody,
        ...errors,
      },
    },
    config: { auth: { token: 'links:read' } },
    handler: async (request, reply) => {
      const chunks = await csv.exportCsv(authOf(request).user, request.query.ids);
      const day = utcToday();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="mailtokit-links-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  });

  await app.register(importRoute(csv));
  tagRoutes(app);
  bulkRoute(app);

  for (const { url, hide } of withAliases('/api/v1/mailto-links', '/api/v1/mailto-links/')) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['links'],
        operationId: 'listLinks',
        summary: 'Search, filter, sort and page the links the signed-in user can see',
        description: `Own links and those shared with the user's teams, newest first unless \`sort\` and \`order\` say otherwise (ties broken by id, so pages never overlap). \`q\` matches name, recipients (to, cc, bcc), subject and tag names as a substring, ignoring case; \`tag\` keeps the links carrying a tag of that name (ignoring case), \`teamId\` the links shared with that team, \`shared=true|false\` the shared or the private ones; archived links are left out unless \`archived=true\`, which lists only them. At most ${LINK_LIST_MAX_LIMIT} per call (\`limit\`, default ${LINK_LIST_DEFAULT_LIMIT}; larger: 400) from \`offset\`. The X-Total-Count header holds the number of matches. Each link comes with \`clicks30d\` (human clicks, last 30 UTC days) and \`trackingLinkCount\` (its active tracking links). ${PREMIUM}`,
        querystring: LinkListQuery,
        response: { 200: MailtoLinkList, 400: ErrorBody, ...errors },
      },
      config: { auth: { token: 'links:read' } },
      handler: async (request, reply) => {
        const { links, total } = await app.services.links.list(
          authOf(request).user,
          request.query,
          publicOrigin(app),
        );
        reply.header('X-Total-Count', String(total));
        return links;
      },
    });

    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['links'],
        operationId: 'createLink',
        summary: 'Save a link',
        description: `${CEILING(app)} ${PREMIUM}`,
        body: LinkBody,
        response: { 201: MailtoLink, 400: ErrorBody, ...errors, 409: ErrorBody },
      },
      config: { auth: { token: 'links:write' } },
      handler: async (request, reply) => {
        const link = await app.services.links.create(authOf(request).user, request.body);
        return reply.code(201).send(link);
      },
    });
  }

  app.route({
    method: 'GET',
    url: '/api/v1/mailto-links/:id',
    schema: {
      tags: ['links'],
      operationId: 'getLink',
      summary: 'One link',
      description: PREMIUM,
      params: IdParams,
      response: { 200: MailtoLink, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:read' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) => app.services.links.get(authOf(request).user, request.params.id),
  });

  app.route({
    method: 'PUT',
    url: '/api/v1/mailto-links/:id',
    schema: {
      tags: ['links'],
      operationId: 'updateLink',
      summary: 'Replace every field of a link',
      description: PREMIUM,
      params: IdParams,
      body: LinkBody,
      response: { 200: MailtoLink, 400: ErrorBody, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) =>
      app.services.links.update(authOf(request).user, request.params.id, request.body),
  });

  archiveRoutes(app);

  app.route({
    method: 'DELETE',
    url: '/api/v1/mailto-links/:id',
    schema: {
      tags: ['links'],
      operationId: 'deleteLink',
      summary: 'Delete a link',
      description: PREMIUM,
      params: IdParams,
      response: { 200: OkResponse, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) => {
      await app.services.links.remove(authOf(request).user, request.params.id);
      return { ok: true as const };
    },
  });
}

/** `POST /api/v1/mailto-links/:id/archive` and `/restore`. */
function archiveRoutes(app: App) {
  for (const archive of [true, false]) {
    app.route({
      method: 'POST',
      url: `/api/v1/mailto-links/:id/${archive ? 'archive' : 'restore'}`,
      schema: {
        tags: ['links'],
        operationId: archive ? 'archiveLink' : 'restoreLink',
        summary: archive ? 'Archive a link' : 'Put an archived link back in the list',
        description: `${
          archive
            ? 'The link leaves the list (`GET /api/v1/mailto-links?archived=true` shows it); its tracking links keep redirecting and counting. 409 when it is archived already.'
            : 'The link is listed again. 409 when it is not archived.'
        } Needs edit access to the link (403 otherwise). ${PREMIUM}`,
        params: IdParams,
        response: { 200: MailtoLink, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
      config: { auth: { token: 'links:write' } },
      preValidation: premiumFirst(app.clock, app.services.access),
      handler: async (request) =>
        app.services.links.setArchived(authOf(request).user, request.params.id, archive),
    });
  }
}

const notCsv = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be text/csv');

/**
 * `POST /api/v1/mailto-links/import`, in a scope of its own: only here is a text/csv body
 * read (as UTF-8 text), and any other type without a parser is 415 with this route's message.
 */
function importRoute(csv: LinksCsvService) {
  return async (app: App) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      CSV_TYPE,
      { parseAs: 'buffer', bodyLimit: LINK_IMPORT_MAX_BYTES },
      (_request, body: Buffer, done) => {
        try {
          done(null, new TextDecoder('utf-8', { fatal: true }).decode(body));
        } catch {
          done(new AppError(400, 'BAD_REQUEST', 'The file is not UTF-8 text'), undefined);
        }
      },
    );
    app.addContentTypeParser('*', (_request, _payload, done) => done(notCsv(), undefined));

    app.route({
      method: 'POST',
      url: '/api/v1/mailto-links/import',
      bodyLimit: LINK_IMPORT_MAX_BYTES,
      schema: {
        tags: ['links'],
        operationId: 'importLinksCsv',
        summary: 'Create links from a CSV file: all or none, or the valid rows only',
        description: `Body: \`Content-Type: text/csv\` (else 415), UTF-8, at most ${LINK_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${LINK_IMPORT_MAX_ROWS.toLocaleString('en')} links (else 413), the export's columns (\`name\` and \`to\` required, any order). Every row is checked with the link form's rules; \`team\` names a team of the caller. In \`mode=all\` (the default) any invalid row is a 400 listing \`{row, errors}\` (row numbers as a spreadsheet shows them, header = 1; \`errors\`: column -> message) and nothing is created. In \`mode=partial\` the valid rows are created and the invalid ones skipped, listed in \`skipped\` of the 201 (a 400 only when no row is valid). The links are created (201), or none (409) when they would take the account past its ceiling. ${CEILING(app)} \`dryRun=true\` only validates (200). A file that is not such a CSV: 400. ${FORMULAS} ${PREMIUM}`,
        consumes: [CSV_TYPE],
        querystring: LinkImportQuery,
        response: {
          200: LinkImportResult,
          201: LinkImportResult,
          400: LinkImportInvalid.or(ErrorBody),
          ...errors,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
      config: { auth: { token: 'links:write' } },
      // After the sign-in check: the plan, then the media type (a JSON body gets this far).
      preValidation: async (request) => {
        app.services.links.assertPremium(authOf(request).user);
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== CSV_TYPE) throw notCsv();
      },
      handler: async (request, reply) => {
        const dryRun = request.query.dryRun === 'true';
        const text = typeof request.body === 'string' ? request.body : '';
        try {
          const mode = request.query.mode ?? 'all';
          const result = await csv.importCsv(authOf(request).user, text, dryRun, mode);
          return reply.code(dryRun ? 200 : 201).send(result);
        } catch (err) {
          if (err instanceof ImportInvalidError) return reply.code(400).send(err.body);
          throw err;
        }
      },
    });
  };
}
