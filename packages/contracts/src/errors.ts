import { z } from './zod';

/** Machine-readable error codes the API returns in `code`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'INSUFFICIENT_SCOPE',
  'SESSION_REQUIRED',
  'PREMIUM_REQUIRED',
  'TEAM_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_TOKEN',
  'INVALID_CHALLENGE',
  'PASSKEY_REJECTED',
  'OWNS_TEAMS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'CSRF_REJECTED',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'URI_TOO_LONG',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every non-2xx JSON response. */
export const ErrorBody = z
  .object({
    detail: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Exact wording of the tier-gating refusal; clients match on it. */
export const PREMIUM_REQUIRED_DETAIL = 'Premium subscription required';
export const TEAM_REQUIRED_DETAIL = 'Team subscription required';
/** A team requires two-step sign-in of its members and the caller has not turned it on. */
export const TWO_FACTOR_REQUIRED_DETAIL =
  "This team requires two-step sign-in. Turn it on in Settings > Security to open the team's links.";
