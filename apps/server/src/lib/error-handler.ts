import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@mailtokit/contracts/errors';
import { isDatabaseUnavailable } from './db-errors';
import { AppError, serviceUnavailable, validationError } from './errors';

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  detail: string,
  fields?: Record<string, string>,
) {
  const body: ErrorBody = fields ? { detail, code, fields } : { detail, code };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What a client error raised by Fastify or a plugin (not by our code) answers. */
const CLIENT_ERRORS: Partial<Record<number, [ErrorCode, string]>> = {
  404: ['NOT_FOUND', 'Not found'],
  405: ['METHOD_NOT_ALLOWED', 'Method not allowed'],
  408: ['REQUEST_TIMEOUT', 'The request did not arrive in time'],
  413: ['PAYLOAD_TOO_LARGE', 'Request body is too large'],
  414: ['URI_TOO_LONG', 'The URL is too long'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'],
  429: ['RATE_LIMITED', 'Too many requests. Please try again later.'],
  431: ['HEADERS_TOO_LARGE', 'Request headers are too large'],
};

/** Field name of a validation issue: `/teamId` -> `teamId`, `` -> `body`. */
function fieldOf(path: string): string {
  const trimmed = path.replace(/^\//, '').replace(/\//g, '.');
  return trimmed || 'body';
}

/** Maps every error to `{detail, code, fields?}`; 5xx bodies reveal nothing inside. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) void reply.headers(error.headers);
    // A database outage's lines are folded into one per outage (see foldOutageLines).
    if (error.status === 503 && error.cause !== undefined)
      request.log.error({ err: error.cause }, 'service unavailable');
    return send(reply, error.status, error.code, error.detail, error.fields);
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = fieldOf(issue.instancePath);
      fields[key] ??= issue.message ?? 'Invalid value';
    }
    const v = validationError(fields);
    return send(reply, v.status, v.code, v.detail, v.fields);
  }

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return send(reply, 400, 'BAD_REQUEST', 'Malformed JSON in request body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(reply, 400, 'BAD_REQUEST', 'Request body is empty');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }

  const status = error.statusCode ?? 500;
  const known = CLIENT_ERRORS[status];
  if (known) return send(reply, status, known[0], known[1]);
  if (status >= 400 && status < 500) return send(reply, status, 'BAD_REQUEST', 'Invalid request');

  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    const e = serviceUnavailable();
    if (e.headers) void reply.headers(e.headers);
    return send(reply, e.status, e.code, e.detail);
  }

  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, 'INTERNAL_ERROR', 'Internal server error');
}
