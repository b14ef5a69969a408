import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_SAFE,
  HEADER_VALUE_SAFE,
  UNRESERVED_ONLY,
  percentDecode,
  percentEncode,
  percentEncodeEachChar,
  replaceLineBreaks,
  utf8Length,
} from './percent';

describe('percentEncode', () => {
  it('encodes UTF-8 of 1 to 4 bytes with upper-case hex', () => {
    expect(percentEncode('aé€😀', UNRESERVED_ONLY)).toBe('a%C3%A9%E2%82%AC%F0%9F%98%80');
  });

  it('agrees with encodeURIComponent when only unreserved characters stay literal', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const expected = encodeURIComponent(s).replace(
          /[!'()*]/g,
          (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
        );
        expect(percentEncode(s, UNRESERVED_ONLY)).toBe(expected);
      }),
    );
  });

  it('gives the same text as encoding one code point at a time, for every safe set', () => {
    const safeSets = [UNRESERVED_ONLY, ADDRESS_SAFE, HEADER_VALUE_SAFE];
    // Binary units include lone surrogates, written as U+FFFD by both.
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        for (const safe of safeSets)
          expect(percentEncode(s, safe)).toBe(percentEncodeEachChar(s, safe));
      }),
    );
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    for (const safe of safeSets)
      expect(percentEncode(`${ascii}%24%40\uD800x`, safe)).toBe(
        percentEncodeEachChar(`${ascii}%24%40\uD800x`, safe),
      );
  });

  it('leaves the header-value safe set literal', () => {
    expect(percentEncode("!$'()*,:@", HEADER_VALUE_SAFE)).toBe("!$'()*,:@");
  });
});

describe('percentDecode', () => {
  it('inverts percentEncode for any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(percentDecode(percentEncode(s, UNRESERVED_ONLY))).toBe(s);
        expect(percentDecode(percentEncode(s, HEADER_VALUE_SAFE))).toBe(s);
      }),
    );
  });

  it('agrees with decodeURIComponent wherever that succeeds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 3 }),
            fc.constantFrom('%', '%C3', '%A9', '%E2%82', '%AC', '%F0', '%9F%98%80', '%2', '%25'),
          ),
          { maxLength: 10 },
        ),
        (parts) => {
          const input = parts.join('');
          let expected: string;
          try {
            expected = decodeURIComponent(input);
          } catch {
            return;
          }
          expect(percentDecode(input)).toBe(expected);
        },
      ),
    );
  });

  it.each<[string, string]>([
    ['%', '%'],
    ['%%', '%%'],
    ['%4', '%4'],
    ['%g0', '%g0'],
    ['100%', '100%'],
    ['%41%62', 'Ab'],
    ['a+b', 'a+b'],
    ['%E9', '%E9'],
    ['%e9t%C3%a9', '%e9té'],
    ['%C3', '%C3'],
    ['%C3%C3%A9', '%C3é'],
    ['%C0%80', '%C0%80'],
    ['%ED%A0%80', '%ED%A0%80'],
    ['%F4%90%80%80', '%F4%90%80%80'],
    ['%F0%9F%98', '%F0%9F%98'],
    ['%F0%9F%98%80', '😀'],
    ['%EF%BF%BD', '\uFFFD'],
    ['%00', '\u0000'],
  ])('%j -> %j', (input, expected) => {
    expect(percentDecode(input)).toBe(expected);
  });
});

describe('replaceLineBreaks', () => {
  it('replaces CRLF, CR and LF, each as one break', () => {
    expect(replaceLineBreaks('a\r\nb\rc\nd\n\re', '|')).toBe('a|b|c|d||e');
  });
});

describe('utf8Length', () => {
  it('counts octets', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});
