import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  ERROR_TOAST_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  dismissToast,
  getToasts,
  toast,
  toastError,
} from './toast';

describe('toast store', () => {
  it('shows one toast at a time, titled Success or Error by default', () => {
    toast({ description: 'Saved' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({
      title: 'Success',
      variant: 'default',
      duration: TOAST_DURATION_MS,
    });

    toastError(new ApiError(429, 'RATE_LIMITED', 'x'));
    expect(getToasts()).toHaveLength(TOAST_LIMIT);
    expect(getToasts()[0]).toMatchObject({
      title: 'Error',
      variant: 'destructive',
      description: 'Too many requests. Please try again later.',
      duration: ERROR_TOAST_DURATION_MS,
    });
    expect(ERROR_TOAST_DURATION_MS).toBeGreaterThan(TOAST_DURATION_MS);

    toast({ title: 'Login successful', description: 'Welcome back!' });
    expect(getToasts().map((t) => t.title)).toEqual(['Login successful']);

    dismissToast();
    expect(getToasts()[0]?.open).toBe(false);
  });
});
