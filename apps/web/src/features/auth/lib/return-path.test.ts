import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

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
  ])('refuses %j', (next) => {
    expect(returnPath(next)).toBeNull();
  });
});
