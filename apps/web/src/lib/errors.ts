import { MESSAGES } from '@mailtokit/contracts/messages';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';

/** The normalised error: what the UI shows and logs. */
export interface NormalizedError {
  message: string;
  code: string;
  status?: number;
  details?: unknown;
}

/**
 * The code of the server's refusal of a feature that needs a premium plan (`PREMIUM_REQUIRED`
 * of ERROR_CODES in @mailtokit/contracts/errors): a refusal is recognised by its code, never by
 * its wording. Repeated here because that module builds zod schemas at load time and this file
 * is part of the app shell (see lib/user.ts).
 */
export const PREMIUM_REQUIRED_CODE = 'PREMIUM_REQUIRED';

export const PREMIUM_FEATURE_MESSAGE =
  'This feature is only available for premium users. Please upgrade your account to access it.';
export const COMPONENT_ERROR_MESSAGE = 'A component error occurred.';
export const UNKNOWN_ERROR_MESSAGE = 'An unexpected error occurred.';

/** Status -> message. `null` means "the server's detail, else the fallback". */
const STATUS_MESSAGES: Record<number, { fixed?: string; fallback?: string }> = {
  400: { fallback: 'Invalid request. Please check your input.' },
  401: { fixed: 'Please sign in to continue.' },
  403: { fallback: 'You do not have permission to perform this action.' },
  404: { fixed: 'The requested resource was not found.' },
  409: { fallback: 'This resource already exists.' },
  422: { fallback: 'Invalid data provided.' },
  429: { fixed: 'Too many requests. Please try again later.' },
  500: { fixed: 'Server error. Please try again later.' },
  502: { fixed: 'Service temporarily unavailable. Please try again later.' },
  503: { fixed: 'Service temporarily unavailable. Please try again later.' },
  504: { fixed: 'Service temporarily unavailable. Please try again later.' },
};

/** The user-facing message for an HTTP status and the server's detail (if any). */
export function messageForStatus(status: number, detail?: string): string {
  const entry = STATUS_MESSAGES[status];
  if (entry?.fixed) return entry.fixed;
  return detail || entry?.fallback || UNKNOWN_ERROR_MESSAGE;
}

/** The server's 403 `PREMIUM_REQUIRED`: the feature needs a premium plan. */
export function isPremiumRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === PREMIUM_REQUIRED_CODE;
}

/** Any thrown value -> {message, code, status, details}. */
export function normalizeError(error: unknown): NormalizedError {
  if (error instanceof ApiError) {
    if (error.status === 0) return { message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR' };
    if (isPremiumRequiredError(error))
      return { message: PREMIUM_FEATURE_MESSAGE, code: 'PREMIUM_REQUIRED', status: 403 };
    if (error.code === 'VALIDATION_ERROR' && !error.detail)
      return {
        message: MESSAGES.genericValidation,
        code: 'VALIDATION_ERROR',
        status: error.status,
      };
    return {
      message: messageForStatus(error.status, error.detail),
      code: error.code || `HTTP_${error.status}`,
      status: error.status,
      details: error.fields,
    };
  }
  // A zod validation failure (checked by name: lib/ stays free of zod at runtime).
  if (error instanceof Error && error.name === 'ZodError')
    return {
      message: MESSAGES.genericValidation,
      code: 'VALIDATION_ERROR',
      details: (error as Error & { issues?: unknown }).issues,
    };
  if (error instanceof TypeError && /fetch|network/i.test(error.message))
    return { message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR' };
  if (error instanceof Error)
    return { message: error.message || UNKNOWN_ERROR_MESSAGE, code: 'UNKNOWN_ERROR' };
  return { message: UNKNOWN_ERROR_MESSAGE, code: 'UNKNOWN_ERROR' };
}

/** The user-facing message of any error. */
export function errorMessage(error: unknown): string {
  return normalizeError(error).message;
}

/** A 404 answer: the thing asked for does not exist, or is not the caller's to see. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** True for 4xx answers: retrying cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Server-side per-field messages (400/409 answers), if any. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  return error instanceof ApiError ? error.fields : undefined;
}

/**
 * The server's own words for a 4xx answer (e.g. 'Invalid username or password',
 * 'Username is already taken'), else the normalised message. Used by the auth toasts.
 */
export function serverDetail(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail)
    return error.detail;
  return errorMessage(error);
}
