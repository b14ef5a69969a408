import { describe, expect, it } from 'vitest';
import { buildMailto } from './build';
import { MAILTO_LENGTH_WARN, checkLength, formatThousands } from './length';

describe('checkLength', () => {
  it('warns above 2,000 characters', () => {
    expect(MAILTO_LENGTH_WARN).toBe(2000);
  });

  it('accepts exactly 2,000 characters', () => {
    expect(checkLength('x'.repeat(2000))).toEqual({ length: 2000, tooLong: false, message: null });
  });

  it('warns at 2,001 characters', () => {
    expect(checkLength('x'.repeat(2001))).toEqual({
      length: 2001,
      tooLong: true,
      message:
        'This link is 2,001 characters long. Some mail clients (Outlook, Chrome on Windows, ' +
        'old Internet Explorer) refuse links over about 2,000 characters; shorten the body.',
    });
  });

  it('reports the length of a real link', () => {
    const url = buildMailto({ to: ['a@example.com'], body: 'é'.repeat(400) });
    const result = checkLength(url);
    expect(result.length).toBe(url.length);
    expect(result.length).toBe('mailto:a@example.com?body='.length + 400 * 6);
    expect(result.message).toBe(
      'This link is 2,426 characters long. Some mail clients (Outlook, Chrome on Windows, ' +
        'old Internet Explorer) refuse links over about 2,000 characters; shorten the body.',
    );
  });

  it('handles short and empty links', () => {
    expect(checkLength('')).toEqual({ length: 0, tooLong: false, message: null });
    expect(checkLength('mailto:a@example.com').tooLong).toBe(false);
  });
});

describe('formatThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [2345, '2,345'],
    [1234567, '1,234,567'],
  ])('%d -> %s', (value, expected) => {
    expect(formatThousands(value)).toBe(expected);
  });
});
