import { OkResponse } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { LinkBody, LinkListQuery, MailtoLink, MailtoLinkList } from '@mailtokit/contracts/links';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { withAliases } from '../../lib/routes';
import type { App } from '../../lib/types';

/** Any string: an id that is not a positive integer answers 404 like an unknown one. */
const IdParams = z.object({
  id: z.string().meta({ description: 'Link id (a positive integer)' }),
});

const errors = { 401: ErrorBody, 403: ErrorBody };
const PREMIUM = 'Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).';

/** Saved mailto links: `/api/v1/mailto-links`, also served with the spec's trailing slash. */
export async function linkRoutes(app: App) {
  for (const { url, hide } of withAliases('/api/v1/mailto-links', '/api/v1/mailto-links/')) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['links'],
        operationId: 'listLinks',
        summary: 'The signed-in user’s links, newest first, one page at a time',
        description: `At most 500 per call (\`limit\`, default 100; \`offset\`). The X-Total-Count header holds the total. ${PREMIUM}`,
        querystring: LinkListQuery,
        response: { 200: MailtoLinkList, 400: ErrorBody, ...errors },
      },
      config: { auth: { token: 'links:read' } },
      handler: async (request, reply) => {
        const { links, total } = await app.services.links.list(authOf(request).user, request.query);
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
        description: PREMIUM,
        body: LinkBody,
        response: { 201: MailtoLink, 400: ErrorBody, ...errors },
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
    handler: async (request) =>
      app.services.links.update(authOf(request).user, request.params.id, request.body),
  });

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
    handler: async (request) => {
      await app.services.links.remove(authOf(request).user, request.params.id);
      return { ok: true as const };
    },
  });
}
