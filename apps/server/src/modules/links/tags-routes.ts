import { OkResponse } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import {
  BULK_ACTIONS,
  BULK_IDS_MAX,
  BulkBody,
  BulkResult,
  Tag,
  TAG_COLORS,
  TagBody,
  TagList,
  TagPatch,
  TAGS_PER_LINK_MAX,
  TAGS_PER_USER_MAX,
} from '@mailtokit/contracts/tags';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { premiumFirst } from '../../lib/tier-gate';
import type { App } from '../../lib/types';

const IdParams = z.object({ id: idParam('Tag id (a positive integer)') });
const errors = { 401: ErrorBody, 403: ErrorBody };
const PREMIUM = 'Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).';
const RULES = `A name has 1-32 characters (trimmed, no comma) and is unique per account ignoring case (409 otherwise); a colour is one of ${TAG_COLORS.join(', ')}. An account holds at most ${TAGS_PER_USER_MAX} tags (409 past it), a link at most ${TAGS_PER_LINK_MAX}.`;

/** The signed-in user's tags: `/api/v1/tags`. */
export function tagRoutes(app: App) {
  const tags = () => app.services.links.tags;

  app.route({
    method: 'GET',
    url: '/api/v1/tags',
    schema: {
      tags: ['tags'],
      operationId: 'listTags',
      summary: "The signed-in user's tags, by name",
      description: `Each with how many links carry it. ${PREMIUM}`,
      response: { 200: TagList, ...errors },
    },
    config: { auth: { token: 'links:read' } },
    handler: async (request) => tags().list(authOf(request).user),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/tags',
    schema: {
      tags: ['tags'],
      operationId: 'createTag',
      summary: 'Create a tag',
      description: `${RULES} ${PREMIUM}`,
      body: TagBody,
      response: { 201: Tag, 400: ErrorBody, ...errors, 409: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request, reply) =>
      reply.code(201).send(await tags().create(authOf(request).user, request.body)),
  });

  app.route({
    method: 'PATCH',
    url: '/api/v1/tags/:id',
    schema: {
      tags: ['tags'],
      operationId: 'updateTag',
      summary: 'Rename or recolour a tag',
      description: `The links carrying it show the new name and colour, and their search finds the new name. ${RULES} ${PREMIUM}`,
      params: IdParams,
      body: TagPatch,
      response: { 200: Tag, 400: ErrorBody, ...errors, 404: ErrorBody, 409: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) =>
      tags().update(authOf(request).user, request.params.id, request.body),
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/tags/:id',
    schema: {
      tags: ['tags'],
      operationId: 'deleteTag',
      summary: 'Delete a tag',
      description: `The links carrying it lose it; nothing else changes. ${PREMIUM}`,
      params: IdParams,
      response: { 200: OkResponse, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) => {
      await tags().remove(authOf(request).user, request.params.id);
      return { ok: true as const };
    },
  });
}

/** `POST /api/v1/mailto-links/bulk`: one action on many links, a result per link. */
export function bulkRoute(app: App) {
  app.route({
    method: 'POST',
    url: '/api/v1/mailto-links/bulk',
    schema: {
      tags: ['links'],
      operationId: 'bulkLinks',
      summary: 'Run one action on up to 100 links',
      description: `\`action\`: one of ${BULK_ACTIONS.join(', ')}; \`share\` needs \`teamId\` (a team of the caller's, else 400), \`tag\` and \`untag\` a tag name (\`tag\` creates it when missing; \`untag\` of a name the caller has no tag of: 404). At most ${BULK_IDS_MAX} \`ids\` (repeats count once). Each link goes through its single action's rules (edit access; only its author moves it to another team or changes its tags) and writes the same team log entries; a link that fails does not stop the others. The answer is 200 with a result per link: \`ok\`, and the status, code and detail the single action would have answered (404 for a link the caller cannot see, 409 for one already archived...). A bad body: 400, and nothing runs. ${PREMIUM}`,
      body: BulkBody,
      response: { 200: BulkResult, 400: ErrorBody, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) => app.services.links.bulk(authOf(request).user, request.body),
  });
}
