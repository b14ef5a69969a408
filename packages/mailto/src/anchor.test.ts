import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnchorSnippet, escapeHtml } from './anchor';
import { buildMailto } from './build';
import { fieldsArb } from './testing/arbitraries';

describe('escapeHtml', () => {
  it('escapes & < > " \'', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it('escapes an existing entity again (it is text, not markup)', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('buildAnchorSnippet', () => {
  it('escapes & in the href and uses the first recipient as default text', () => {
    expect(buildAnchorSnippet('mailto:a@example.com?subject=Hi&body=Yo')).toBe(
      '<a href="mailto:a@example.com?subject=Hi&amp;body=Yo">a@example.com</a>',
    );
  });

  it('uses the given text, escaped', () => {
    expect(buildAnchorSnippet('mailto:a@example.com', `Tom & Jerry's <"shop">`)).toBe(
      '<a href="mailto:a@example.com">Tom &amp; Jerry&#39;s &lt;&quot;shop&quot;&gt;</a>',
    );
  });

  it('falls back to "Send email" when there is no recipient', () => {
    expect(buildAnchorSnippet('mailto:?subject=Hi')).toBe(
      '<a href="mailto:?subject=Hi">Send email</a>',
    );
  });

  it('falls back to the default text when the given text is blank', () => {
    expect(buildAnchorSnippet('mailto:b@example.com', '  ')).toBe(
      '<a href="mailto:b@example.com">b@example.com</a>',
    );
  });

  it('escapes a decoded first recipient used as text', () => {
    expect(buildAnchorSnippet('mailto:%22%3Cb%3E%22@example.com')).toBe(
      '<a href="mailto:%22%3Cb%3E%22@example.com">&quot;&lt;b&gt;&quot;@example.com</a>',
    );
  });

  it('does not throw on an href that is not a mailto: link', () => {
    expect(buildAnchorSnippet('javascript:alert("x")')).toBe(
      '<a href="javascript:alert(&quot;x&quot;)">Send email</a>',
    );
  });

  it('never lets a raw " < > into the attribute or < > " into the text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fieldsArb.map(buildMailto), fc.string({ unit: 'binary' })),
        fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
        (href, text) => {
          const snippet = buildAnchorSnippet(href, text);
          expect(snippet).toMatch(/^<a href="[^"<>']*">[^"<>']*<\/a>$/s);
          const attr = snippet.slice('<a href="'.length, snippet.indexOf('">'));
          const unescape = (s: string): string =>
            s.replace(
              /&(amp|lt|gt|quot|#39);/g,
              (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
            );
          expect(unescape(attr)).toBe(href);
        },
      ),
    );
  });
});
