import { describe, expect, it } from 'vitest';
import { returnPath, signInPath } from './return-path';

describe('returnPath', () => {
  it.each(['/invitations/abc_DEF-123', '/dashboard?tab=teams', '/'])('keeps %s', (path) => {
    expect(returnPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'invitations/x',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\\\evil.example',
    ' /dashboard',
    'HTTPS://evil.example',
    '//evil.example/dashboard',
  ])('refuses %j', (next) => {
    expect(returnPath(next)).toBeNull();
  });
});

describe('signInPath', () => {
  it.each(['/dashboard?tab=teams&team=3', '/teams/12', '/dashboard/settings?tab=webhooks#x'])(
    'leads back to %s once read by the sign-in page',
    (path) => {
      const next = new URL(signInPath(path), 'https://mailtokit.test').searchParams.get('next');
      expect(returnPath(next)).toBe(path);
    },
  );
});
