import { describe, expect, it } from 'vitest';
import { buildMailto } from './build';

describe('buildMailto', () => {
  it('builds the representative example', () => {
    expect(
      buildMailto({ to: ['a@example.com'], subject: 'Hello world', body: 'Line 1\nLine 2' }),
    ).toBe('mailto:a@example.com?subject=Hello%20world&body=Line%201%0D%0ALine%202');
  });

  it('builds a bare address', () => {
    expect(buildMailto({ to: ['chris@example.com'] })).toBe('mailto:chris@example.com');
  });

  it('builds an empty link from empty fields', () => {
    expect(buildMailto({ to: [], cc: [], bcc: [], subject: '', body: '' })).toBe('mailto:');
    expect(buildMailto({})).toBe('mailto:');
  });

  it('puts every recipient in the path, comma-separated, never as ?to=', () => {
    const url = buildMailto({ to: ['a@example.com', 'b@example.org', 'c@example.net'] });
    expect(url).toBe('mailto:a@example.com,b@example.org,c@example.net');
    expect(url).not.toContain('to=');
  });

  it('trims addresses and drops empty ones', () => {
    expect(
      buildMailto({
        to: ['  a@example.com ', '', '   ', '\tb@example.org\n'],
        cc: [' ', 'c@example.com  '],
        bcc: ['', '  '],
      }),
    ).toBe('mailto:a@example.com,b@example.org?cc=c@example.com');
  });

  it('writes + in an address as %2B', () => {
    expect(buildMailto({ to: ['john+news@example.com'] })).toBe('mailto:john%2Bnews@example.com');
    expect(buildMailto({ to: ['a@example.com'], cc: ['x+y@example.com'] })).toBe(
      'mailto:a@example.com?cc=x%2By@example.com',
    );
  });

  it('encodes the RFC 6068 section 6 addresses exactly as the RFC does', () => {
    expect(buildMailto({ to: ['gorby%kremvax@example.com'] })).toBe(
      'mailto:gorby%25kremvax@example.com',
    );
    expect(buildMailto({ to: ['unlikely?address@example.com'] })).toBe(
      'mailto:unlikely%3Faddress@example.com',
    );
    expect(buildMailto({ to: ['Mike&family@example.org'] })).toBe(
      'mailto:Mike%26family@example.org',
    );
    expect(buildMailto({ to: ['"not@me"@example.org'] })).toBe('mailto:%22not%40me%22@example.org');
    expect(buildMailto({ to: ['"oh\\\\no"@example.org'] })).toBe(
      'mailto:%22oh%5C%5Cno%22@example.org',
    );
    expect(buildMailto({ to: ['"\\\\\\"it\'s\\ ugly\\\\\\""@example.org'] })).toBe(
      "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
    );
    expect(buildMailto({ to: ['user@納豆.example.org'], subject: 'Test', body: 'NATTO' })).toBe(
      'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO',
    );
    expect(buildMailto({ to: ['user@example.org'], subject: 'café', body: 'café' })).toBe(
      'mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9',
    );
  });

  it('encodes # , ; : in an address', () => {
    expect(buildMailto({ to: ['a#b,c;d:e@example.com'] })).toBe(
      'mailto:a%23b%2Cc%3Bd%3Ae@example.com',
    );
  });

  it('encodes & ? # % = + in subject and body', () => {
    expect(
      buildMailto({ to: ['a@example.com'], subject: 'a&b?c#d%e=f+g', body: 'x&y=z?#%+' }),
    ).toBe('mailto:a@example.com?subject=a%26b%3Fc%23d%25e%3Df%2Bg&body=x%26y%3Dz%3F%23%25%2B');
  });

  it("encodes ; / and space, keeps ! $ ' ( ) * , : @ literal in header values", () => {
    expect(buildMailto({ body: "a;b/c d!$'()*,:@~._-" })).toBe(
      "mailto:?body=a%3Bb%2Fc%20d!$'()*,:@~._-",
    );
  });

  it('encodes quotes, angle brackets, backslash and other unsafe ASCII', () => {
    expect(buildMailto({ subject: '"<>\\^`{|}[]' })).toBe(
      'mailto:?subject=%22%3C%3E%5C%5E%60%7B%7C%7D%5B%5D',
    );
  });

  it('encodes accents and emoji as UTF-8', () => {
    expect(buildMailto({ subject: 'Café crème', body: 'Hi 😀 👋🏽' })).toBe(
      'mailto:?subject=Caf%C3%A9%20cr%C3%A8me&body=Hi%20%F0%9F%98%80%20%F0%9F%91%8B%F0%9F%8F%BD',
    );
  });

  it('writes a lone surrogate as U+FFFD instead of throwing', () => {
    expect(buildMailto({ body: 'a\uD800b' })).toBe('mailto:?body=a%EF%BF%BDb');
  });

  it('writes a literal %20 typed by the user as %2520', () => {
    expect(buildMailto({ subject: '100%20', body: '%20%' })).toBe(
      'mailto:?subject=100%2520&body=%2520%25',
    );
  });

  it('omits empty headers', () => {
    expect(buildMailto({ to: ['a@example.com'], cc: [], bcc: [], subject: '', body: 'b' })).toBe(
      'mailto:a@example.com?body=b',
    );
    expect(buildMailto({ to: ['a@example.com'], subject: 's' })).toBe(
      'mailto:a@example.com?subject=s',
    );
  });

  it('keeps a whitespace-only subject or body (the form layer trims, not the builder)', () => {
    expect(buildMailto({ subject: ' ', body: '  ' })).toBe('mailto:?subject=%20&body=%20%20');
  });

  it('always orders headers cc, bcc, subject, body', () => {
    expect(
      buildMailto({
        body: 'b',
        subject: 's',
        bcc: ['bcc@example.com'],
        cc: ['cc@example.com', 'cc2@example.com'],
        to: ['to@example.com'],
      }),
    ).toBe(
      'mailto:to@example.com?cc=cc@example.com,cc2@example.com&bcc=bcc@example.com&subject=s&body=b',
    );
  });

  it('writes CRLF, lone CR and lone LF in the body as %0D%0A', () => {
    expect(buildMailto({ body: 'a\r\nb\rc\nd' })).toBe('mailto:?body=a%0D%0Ab%0D%0Ac%0D%0Ad');
    expect(buildMailto({ body: '\n\n' })).toBe('mailto:?body=%0D%0A%0D%0A');
    expect(buildMailto({ body: '\r\n\r' })).toBe('mailto:?body=%0D%0A%0D%0A');
  });

  it('turns each line break in the subject into one space', () => {
    expect(buildMailto({ subject: 'one\r\ntwo\rthree\nfour' })).toBe(
      'mailto:?subject=one%20two%20three%20four',
    );
  });

  it('cannot be used to inject headers through cc, bcc or subject', () => {
    const url = buildMailto({
      cc: ['x@example.com&bcc=evil@example.com'],
      subject: 'hi\r\nBcc: evil@example.com',
    });
    expect(url).toBe(
      'mailto:?cc=x@example.com%26bcc%3Devil@example.com&subject=hi%20Bcc:%20evil@example.com',
    );
  });
});
