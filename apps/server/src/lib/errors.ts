import type { ErrorCode } from '@mailtokit/contracts/errors';
import {
  PREMIUM_REQUIRED_DETAIL,
  TEAM_REQUIRED_DETAIL,
  TWO_FACTOR_REQUIRED_DETAIL,
} from '@mailtokit/contracts/errors';
import { MESSAGES } from '@mailtokit/contracts/messages';

/** An error the API reports to the client as `{detail, code, fields?}` with `status`. */
export class AppError extends Error {
  override name = 'AppError';
  /** Extra response headers (`Retry-After` on 429 and 503). */
  headers?: Record<string, string>;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', detail, fields);

/** A validation failure on named fields; detail names the first problem. */
export const validationError = (fields: Record<string, string>) => {
  const first = Object.values(fields)[0];
  return new AppError(
    400,
    'VALIDATION_ERROR',
    first ? `Validation error: ${first}` : MESSAGES.genericValidation,
    fields,
  );
};

export const unauthorized = (detail = 'Not signed in') => new AppError(401, 'UNAUTHORIZED', detail);

export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new AppError(403, 'FORBIDDEN', detail);

export const premiumRequired = () => new AppError(403, 'PREMIUM_REQUIRED', PREMIUM_REQUIRED_DETAIL);
export const teamRequired = () => new AppError(403, 'TEAM_REQUIRED', TEAM_REQUIRED_DETAIL);
export const twoFactorRequired = () =>
  new AppError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED_DETAIL);

export const notFound = (detail = 'Not found') => new AppError(404, 'NOT_FOUND', detail);

export const conflict = (detail: string, fields?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', detail, fields);

export const tooManyRequests = (detail = 'Too many requests. Please try again later.') =>
  new AppError(429, 'RATE_LIMITED', detail);

export const SERVICE_UNAVAILABLE_DETAIL =
  'The service is temporarily unavailable. Please try again in a moment.';

/** The database (or another dependency) cannot answer: 503, retry shortly. */
export const serviceUnavailable = (cause?: unknown) => {
  const err = new AppError(503, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_DETAIL);
  err.headers = { 'retry-after': '5' };
  if (cause !== undefined) err.cause = cause;
  return err;
};
