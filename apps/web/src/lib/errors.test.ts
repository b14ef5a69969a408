import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, PREMIUM_REQUIRED_DETAIL } from '@mailtokit/contracts/errors';
import { ApiError } from './api-client';
import {
  PREMIUM_FEATURE_MESSAGE,
  PREMIUM_REQUIRED_CODE,
  isClientError,
  isNotFoundError,
  isPremiumRequiredError,
  normalizeError,
  serverDetail,
} from './errors';

const err = (status: number, detail = '', code = `HTTP_${status}`) =>
  new ApiError(status, code, detail);

describe('normalizeError', () => {
  it.each([
    [400, 'Bad field', 'Bad field'],
    [400, '', 'Invalid request. Please check your input.'],
    [401, 'Not signed in', 'Please sign in to continue.'],
    [403, 'Nope', 'Nope'],
    [403, '', 'You do not have permission to perform this action.'],
    [404, 'No route', 'The requested resource was not found.'],
    [409, 'Email is already registered', 'Email is already registered'],
    [409, '', 'This resource already exists.'],
    [422, '', 'Invalid data provided.'],
    [429, 'Slow down', 'Too many requests. Please try again later.'],
    [500, 'boom', 'Server error. Please try again later.'],
    [502, '', 'Service temporarily unavailable. Please try again later.'],
    [503, '', 'Service temporarily unavailable. Please try again later.'],
    [504, '', 'Service temporarily unavailable. Please try again later.'],
    [418, 'teapot', 'teapot'],
    [418, '', 'An unexpected error occurred.'],
  ])('%i %j -> %j', (status, detail, message) => {
    expect(normalizeError(err(status, detail))).toMatchObject({ message, status });
  });

  it('keeps the server code, else HTTP_{status}', () => {
    expect(normalizeError(err(409, 'x', 'CONFLICT')).code).toBe('CONFLICT');
    expect(normalizeError(new ApiError(500, '', 'x')).code).toBe('HTTP_500');
  });

  it('network, validation and unknown errors', () => {
    expect(normalizeError(new ApiError(0, 'NETWORK_ERROR', 'x')).code).toBe('NETWORK_ERROR');
    expect(normalizeError(new TypeError('Failed to fetch')).code).toBe('NETWORK_ERROR');
    const zodError = z.string().safeParse(1).error;
    expect(normalizeError(zodError)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please check your input and try again.',
    });
    expect(normalizeError(new Error('odd'))).toEqual({ message: 'odd', code: 'UNKNOWN_ERROR' });
    expect(normalizeError('??')).toMatchObject({ code: 'UNKNOWN_ERROR' });
  });

  it("recognises the premium refusal by its code (the contract's), not by its words", () => {
    expect(ERROR_CODES).toContain(PREMIUM_REQUIRED_CODE);
    const premium = err(403, PREMIUM_REQUIRED_DETAIL, 'PREMIUM_REQUIRED');
    expect(isPremiumRequiredError(premium)).toBe(true);
    // Reworded by the server: still the same refusal.
    expect(isPremiumRequiredError(err(403, 'Upgrade to use this', 'PREMIUM_REQUIRED'))).toBe(true);
    // The words alone, under another code or none, are not a premium refusal.
    expect(isPremiumRequiredError(err(403, PREMIUM_REQUIRED_DETAIL, 'FORBIDDEN'))).toBe(false);
    expect(isPremiumRequiredError(new Error(`403: ${PREMIUM_REQUIRED_DETAIL}`))).toBe(false);
    expect(isPremiumRequiredError(err(403, 'Forbidden'))).toBe(false);
    expect(isPremiumRequiredError(err(401, PREMIUM_REQUIRED_DETAIL, 'PREMIUM_REQUIRED'))).toBe(
      false,
    );
    expect(normalizeError(premium).message).toBe(PREMIUM_FEATURE_MESSAGE);
  });

  it('serverDetail prefers the server words for 4xx only', () => {
    expect(serverDetail(err(401, 'Invalid username or password'))).toBe(
      'Invalid username or password',
    );
    expect(serverDetail(err(500, 'Internal server error'))).toBe(
      'Server error. Please try again later.',
    );
  });

  it('isClientError: 4xx only (never retried)', () => {
    expect(isClientError(err(404))).toBe(true);
    expect(isClientError(err(500))).toBe(false);
    expect(isClientError(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false);
  });

  it('isNotFoundError: a 404 answer only', () => {
    expect(isNotFoundError(err(404, 'Link not found', 'NOT_FOUND'))).toBe(true);
    expect(isNotFoundError(err(403))).toBe(false);
    expect(isNotFoundError(new Error('404: Not Found'))).toBe(false);
    expect(isNotFoundError(undefined)).toBe(false);
  });
});
