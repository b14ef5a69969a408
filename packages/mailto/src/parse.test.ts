import { describe, expect, it } from 'vitest';
import { MailtoParseError, parseMailto } from './parse';
import type { ParsedMailto } from './types';

/** Expected parse result: unspecified fields are empty. */
function parsed(partial: Partial<ParsedMailto>): ParsedMailto {
  return { to: [], cc: [], bcc: [], subject: '', body: '', headers: {}, ...partial };
}

describe('parseMailto: RFC 6068 section 2 (syntax)', () => {
  it.each<[string, Partial<ParsedMailto>]>([
    ['mailto:addr1@an.example,addr2@an.example', { to: ['addr1@an.example', 'addr2@an.example'] }],
    [
      'mailto:?to=addr1@an.example,addr2@an.example',
      { to: ['addr1@an.example', 'addr2@an.example'] },
    ],
    [
      'mailto:addr1@an.example?to=addr2@an.example',
      { to: ['addr1@an.example', 'addr2@an.example'] },
    ],
  ])('%s', (url, expected) => {
    expect(parseMailto(url)).toEqual(parsed(expected));
  });
});

describe('parseMailto: RFC 6068 section 6.1 (basic examples)', () => {
  it.each<[string, Partial<ParsedMailto>]>([
    ['mailto:chris@example.com', { to: ['chris@example.com'] }],
    [
      'mailto:infobot@example.com?subject=current-issue',
      { to: ['infobot@example.com'], subject: 'current-issue' },
    ],
    [
      'mailto:infobot@example.com?body=send%20current-issue',
      { to: ['infobot@example.com'], body: 'send current-issue' },
    ],
    [
      'mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index',
      { to: ['infobot@example.com'], body: 'send current-issue\nsend index' },
    ],
    [
      'mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E',
      { to: ['list@example.org'], headers: { 'In-Reply-To': '<3469A91.D10AF4C@example.com>' } },
    ],
    [
      'mailto:majordomo@example.com?body=subscribe%20bamboo-l',
      { to: ['majordomo@example.com'], body: 'subscribe bamboo-l' },
    ],
    [
      'mailto:joe@example.com?cc=bob@example.com&body=hello',
      { to: ['joe@example.com'], cc: ['bob@example.com'], body: 'hello' },
    ],
    [
      'mailto:?to=joe@example.com%2C%20bob@example.com&body=hello',
      { to: ['joe@example.com', 'bob@example.com'], body: 'hello' },
    ],
    [
      'mailto:?to=joe@example.com&cc=bob@example.com&body=hello',
      { to: ['joe@example.com'], cc: ['bob@example.com'], body: 'hello' },
    ],
    ['mailto:gorby%25kremvax@example.com', { to: ['gorby%kremvax@example.com'] }],
    [
      'mailto:unlikely%3Faddress@example.com?blat=foop',
      { to: ['unlikely?address@example.com'], headers: { blat: 'foop' } },
    ],
    ['mailto:Mike%26family@example.org', { to: ['Mike&family@example.org'] }],
  ])('%s', (url, expected) => {
    expect(parseMailto(url)).toEqual(parsed(expected));
  });

  it('reads the HTML-escaped form <a href="mailto:?to=joe@xyz.com&amp;cc=...">', () => {
    expect(parseMailto('mailto:?to=joe@xyz.com&amp;cc=bob@xyz.com&amp;body=hello')).toEqual(
      parsed({ to: ['joe@xyz.com'], cc: ['bob@xyz.com'], body: 'hello' }),
    );
  });

  it('does not throw on the RFC\'s "WRONG!" example with two "?"; the second stays in the value', () => {
    expect(parseMailto('mailto:joe@example.com?cc=bob@example.com?body=hello')).toEqual(
      parsed({ to: ['joe@example.com'], cc: ['bob@example.com?body=hello'] }),
    );
  });
});

describe('parseMailto: RFC 6068 section 6.2 (complicated addresses)', () => {
  it.each<[string, string]>([
    ['mailto:%22not%40me%22@example.org', '"not@me"@example.org'],
    ['mailto:%22oh%5C%5Cno%22@example.org', '"oh\\\\no"@example.org'],
    [
      "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
      '"\\\\\\"it\'s\\ ugly\\\\\\""@example.org',
    ],
  ])('%s', (url, address) => {
    expect(parseMailto(url)).toEqual(parsed({ to: [address] }));
  });
});

describe('parseMailto: RFC 6068 section 6.3 (internationalization)', () => {
  it.each<[string, Partial<ParsedMailto>]>([
    ['mailto:user@example.org?subject=caf%C3%A9', { to: ['user@example.org'], subject: 'café' }],
    [
      // RFC 2047 encoded-words are not decoded: they are the subject's literal text.
      'mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D',
      { to: ['user@example.org'], subject: '=?utf-8?Q?caf=C3=A9?=' },
    ],
    [
      'mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D',
      { to: ['user@example.org'], subject: '=?iso-8859-1?Q?caf=E9?=' },
    ],
    [
      'mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9',
      { to: ['user@example.org'], subject: 'café', body: 'café' },
    ],
    [
      'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO',
      { to: ['user@納豆.example.org'], subject: 'Test', body: 'NATTO' },
    ],
  ])('%s', (url, expected) => {
    expect(parseMailto(url)).toEqual(parsed(expected));
  });
});

describe('parseMailto: lenient with real-world links', () => {
  it('accepts any case of the scheme', () => {
    expect(parseMailto('MAILTO:a@example.com').to).toEqual(['a@example.com']);
    expect(parseMailto('MailTo:a@example.com?Subject=Hi').subject).toBe('Hi');
  });

  it('ignores surrounding whitespace', () => {
    expect(parseMailto('  \n mailto:a@example.com?subject=x \t\n')).toEqual(
      parsed({ to: ['a@example.com'], subject: 'x' }),
    );
  });

  it('accepts an empty path and an empty query', () => {
    expect(parseMailto('mailto:')).toEqual(parsed({}));
    expect(parseMailto('mailto:?')).toEqual(parsed({}));
    expect(parseMailto('mailto:?subject=Hi')).toEqual(parsed({ subject: 'Hi' }));
  });

  it('matches known header names case-insensitively', () => {
    expect(
      parseMailto('mailto:?TO=a@example.com&Cc=b@example.com&BCC=c@example.com&SUBJECT=s&Body=b'),
    ).toEqual(
      parsed({
        to: ['a@example.com'],
        cc: ['b@example.com'],
        bcc: ['c@example.com'],
        subject: 's',
        body: 'b',
      }),
    );
  });

  it('keeps a + as a + (never a space)', () => {
    expect(parseMailto('mailto:john+x@example.com?subject=1+1&body=a+b')).toEqual(
      parsed({ to: ['john+x@example.com'], subject: '1+1', body: 'a+b' }),
    );
  });

  it('keeps malformed percent escapes literally', () => {
    expect(parseMailto('mailto:?subject=100%&body=%zz%4%')).toEqual(
      parsed({ subject: '100%', body: '%zz%4%' }),
    );
  });

  it('keeps escapes that are not UTF-8 (e.g. Latin-1) literally', () => {
    expect(parseMailto('mailto:?subject=caf%E9&body=%C3%28%FF')).toEqual(
      parsed({ subject: 'caf%E9', body: '%C3(%FF' }),
    );
  });

  it('accepts lower-case hex digits', () => {
    expect(parseMailto('mailto:?subject=caf%c3%a9%3f').subject).toBe('café?');
  });

  it('turns every encoded or raw line break into \\n, in every field', () => {
    expect(
      parseMailto('mailto:?subject=a%0D%0Ab&body=1%0D%0A2%0D3%0A4%0A%0D5&x-note=p%0Dq'),
    ).toEqual(parsed({ subject: 'a\nb', body: '1\n2\n3\n4\n\n5', headers: { 'x-note': 'p\nq' } }));
  });

  it('concatenates repeated to, cc and bcc lists', () => {
    expect(
      parseMailto(
        'mailto:a@x.org?to=b@x.org&cc=c@x.org&cc=d@x.org,e@x.org&bcc=f@x.org&bcc=g@x.org',
      ),
    ).toEqual(
      parsed({
        to: ['a@x.org', 'b@x.org'],
        cc: ['c@x.org', 'd@x.org', 'e@x.org'],
        bcc: ['f@x.org', 'g@x.org'],
      }),
    );
  });

  it('keeps the first subject, joins repeated bodies with a line break', () => {
    expect(parseMailto('mailto:?subject=first&body=one&subject=second&body=two')).toEqual(
      parsed({ subject: 'first', body: 'one\ntwo' }),
    );
  });

  it('keeps the first occurrence of any other header, matching names case-insensitively', () => {
    expect(parseMailto('mailto:?In-Reply-To=%3Ca%3E&in-reply-to=%3Cb%3E&X-Y=1')).toEqual(
      parsed({ headers: { 'In-Reply-To': '<a>', 'X-Y': '1' } }),
    );
  });

  it('decodes header names', () => {
    expect(parseMailto('mailto:?sub%6Aect=hi&In%2DReply%2DTo=x').headers).toEqual({
      'In-Reply-To': 'x',
    });
    expect(parseMailto('mailto:?sub%6Aect=hi').subject).toBe('hi');
  });

  it('treats a field without "=" as empty and ignores fields without a name', () => {
    expect(parseMailto('mailto:a@x.org?subject&&=orphan&body=b&')).toEqual(
      parsed({ to: ['a@x.org'], body: 'b' }),
    );
  });

  it('keeps "=" inside a value after the first one', () => {
    expect(parseMailto('mailto:?subject=a=b=c').subject).toBe('a=b=c');
  });

  it('splits %2C-separated and space-padded recipients, drops empty ones', () => {
    expect(parseMailto('mailto:a@x.org%2C%20b@x.org,,%20,c@x.org?cc=%20d@x.org%20,').to).toEqual([
      'a@x.org',
      'b@x.org',
      'c@x.org',
    ]);
  });

  it('drops a fragment: a raw # ends the query', () => {
    expect(parseMailto('mailto:a@example.com?subject=x#frag')).toEqual(
      parsed({ to: ['a@example.com'], subject: 'x' }),
    );
    expect(parseMailto('mailto:a@example.com#frag')).toEqual(parsed({ to: ['a@example.com'] }));
  });

  it('keeps an encoded # (%23) and raw spaces as text', () => {
    expect(parseMailto('mailto:a@x.org?subject=Ticket %235 is back#top')).toEqual(
      parsed({ to: ['a@x.org'], subject: 'Ticket #5 is back' }),
    );
  });

  it('stores a header literally named __proto__ as data', () => {
    const result = parseMailto('mailto:?__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
    expect(Object.keys(result.headers)).toEqual(['__proto__', 'constructor']);
    expect(result.headers['__proto__']).toBe('x');
  });
});

describe('parseMailto: errors', () => {
  it.each([
    '',
    '   ',
    'https://example.com',
    'mailto',
    'mail:a@x.org',
    'a@example.com',
    ' xmailto:a@x.org',
  ])('rejects %j with MailtoParseError', (input) => {
    expect(() => parseMailto(input)).toThrow(MailtoParseError);
  });

  it('gives the error a name and a clear message', () => {
    try {
      parseMailto('https://example.com');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MailtoParseError);
      expect(error).toBeInstanceOf(Error);
      expect((error as MailtoParseError).name).toBe('MailtoParseError');
      expect((error as MailtoParseError).message).toBe(
        'Not a mailto link: it must start with "mailto:"',
      );
    }
  });

  it('rejects non-string input from untyped callers', () => {
    expect(() => parseMailto(undefined as unknown as string)).toThrow(MailtoParseError);
  });
});
