import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { TOKEN_SCOPE_DESCRIPTIONS } from '@mailtokit/contracts/tokens';
import type { Config } from '../config';
import { routeAuthOf, SESSION_COOKIE, type RouteAuth } from './auth-hook';

/** OpenAPI security requirement objects: scheme name -> scopes. */
type Security = Record<string, string[]>[];

const SESSION: Security = [{ sessionCookie: [] }, { sessionBearer: [] }];

/**
 * What authenticates an operation, from the route's own `config.auth` declaration (the one
 * the auth hook enforces): public, session only, session or nobody, session or a token scope.
 */
export function securityOf(spec: RouteAuth | null): Security {
  if (!spec) return [];
  if (spec.optional) return [{}, ...SESSION];
  if (spec.token) return [...SESSION, { apiToken: [spec.token] }];
  return SESSION;
}

/** `GET /api/v1/mailto-links/{id}/clicks.csv` -> `getMailtoLinksIdClicksCsv` (fallback only). */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v\d+\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null;

/** Every `#/components/<kind>/<name>` reachable from the paths (following refs). */
function referenced(doc: JsonObject): Set<string> {
  const components = (doc.components ?? {}) as Record<string, JsonObject>;
  const seen = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/') && !seen.has(ref)) {
      seen.add(ref);
      const [, , kind, name] = ref.split('/');
      if (kind && name) visit(components[kind]?.[name]);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(doc.paths);
  return seen;
}

const JSON_TYPE = 'application/json';

/**
 * An error answer is always JSON `{detail, code}`, whatever the operation's success answer
 * is (a CSV download's 4xx included): its content is declared under `application/json`.
 */
function jsonErrors(responses: Record<string, JsonObject>) {
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]/.test(status) || !isObject(response.content)) continue;
    const media = Object.values(response.content).find(isObject);
    response.content = media ? { [JSON_TYPE]: media } : {};
  }
}

/**
 * Drops components nothing uses and content from 204 answers (they have no body); declares
 * every error answer as JSON.
 */
function tidy(doc: JsonObject): JsonObject {
  const used = referenced(doc);
  const components = (doc.components ?? {}) as Record<string, JsonObject>;
  for (const name of Object.keys(components.schemas ?? {}))
    if (!used.has(`#/components/schemas/${name}`)) delete components.schemas![name];

  const schemes = new Set<string>();
  for (const ops of Object.values((doc.paths ?? {}) as Record<string, JsonObject>))
    for (const op of Object.values(ops)) {
      if (!isObject(op)) continue;
      for (const req of (op.security ?? []) as Security)
        for (const name of Object.keys(req)) schemes.add(name);
      const responses = op.responses as Record<string, JsonObject> | undefined;
      if (responses?.['204']) delete responses['204'].content;
      if (responses) jsonErrors(responses);
    }
  for (const name of Object.keys(components.securitySchemes ?? {}))
    if (!schemes.has(name)) delete components.securitySchemes![name];
  return doc;
}

/** The OpenAPI document's options: servers, security schemes, per-route security and ids. */
export function openapiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MailtoKit API',
        description:
          'Build, save, share and track mailto: links. Authenticate with the session cookie set by /api/v1/auth/login or its access_token as `Authorization: Bearer`, or, for scripts, with a personal API token (`Authorization: Bearer mtk_...`) limited to its scopes.',
        version: '1',
        license: { name: 'Proprietary', url: `${config.publicUrl ?? ''}/about` },
      },
      servers: [{ url: config.publicUrl ?? '/', description: 'This MailtoKit server' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /api/v1/auth/login.',
          },
          sessionBearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `access_token` returned by POST /api/v1/auth/login.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'mtk_<43 characters>',
            description: `A personal API token (POST /api/v1/tokens, or Settings > API tokens). An operation lists the scope it needs; a token without it gets 403 INSUFFICIENT_SCOPE. Scopes: ${Object.entries(
              TOKEN_SCOPE_DESCRIPTIONS,
            )
              .map(([scope, what]) => `\`${scope}\` ${what.toLowerCase()}`)
              .join('; ')}.`,
          },
        },
      },
    },
    transform: (input) => {
      // A route that validates its path, query or body answers 400 when they do not match.
      const declared = input.schema as JsonObject;
      const validates = declared.params ?? declared.querystring ?? declared.body;
      const responses = declared.response as JsonObject | undefined;
      const withBadRequest =
        validates && responses && !('400' in responses)
          ? { ...input, schema: { ...declared, response: { ...responses, 400: ErrorBody } } }
          : input;
      const out = jsonSchemaTransform(withBadRequest);
      const { route } = input;
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const schema = { ...(out.schema as JsonObject) };
      schema.security = securityOf(routeAuthOf(route.config?.auth));
      schema.operationId ??= derivedOperationId(String(method), route.url);
      return { ...out, schema };
    },
    transformObject: (input) => tidy(jsonSchemaTransformObject(input) as JsonObject),
  };
}
