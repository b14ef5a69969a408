import { describe, expect, it } from 'vitest';
import { MailtoUrlCache, type MailtoSource } from './mailto-cache';

const link = (over: Partial<MailtoSource> = {}): MailtoSource => ({
  mailtoLinkId: 1,
  updatedAt: '2026-11-22T00:00:00.000Z',
  to: 'a@example.com',
  cc: null,
  bcc: null,
  subject: 'Hi',
  body: null,
  ...over,
});

function counting(maxEntries?: number, maxChars?: number) {
  const built: string[] = [];
  const cache = new MailtoUrlCache(
    (s) => {
      built.push(`${s.mailtoLinkId}`);
      return `mailto:${s.to}?subject=${s.subject ?? ''}&body=${s.body ?? ''}`;
    },
    maxEntries,
    maxChars,
  );
  return { cache, built };
}

describe('MailtoUrlCache', () => {
  it('builds a link’s URL once while the link is unchanged', () => {
    const { cache, built } = counting();
    expect(cache.urlOf(link())).toBe('mailto:a@example.com?subject=Hi&body=');
    expect(cache.urlOf(link())).toBe('mailto:a@example.com?subject=Hi&body=');
    expect(built).toHaveLength(1);
  });

  it('rebuilds after an edit (a new updated_at), and after a change within the same millisecond', () => {
    const { cache, built } = counting();
    cache.urlOf(link());
    expect(cache.urlOf(link({ updatedAt: '2026-11-22T00:00:01.000Z', subject: 'New' }))).toBe(
      'mailto:a@example.com?subject=New&body=',
    );
    // Same id and updated_at, other fields: never the stale URL.
    expect(cache.urlOf(link({ updatedAt: '2026-11-22T00:00:01.000Z', subject: 'Newer' }))).toBe(
      'mailto:a@example.com?subject=Newer&body=',
    );
    expect(built).toHaveLength(3);
  });

  it('keeps links apart', () => {
    const { cache } = counting();
    expect(cache.urlOf(link({ mailtoLinkId: 1, to: 'x@example.com' }))).toContain('x@example.com');
    expect(cache.urlOf(link({ mailtoLinkId: 2, to: 'y@example.com' }))).toContain('y@example.com');
    expect(cache.urlOf(link({ mailtoLinkId: 1, to: 'x@example.com' }))).toContain('x@example.com');
  });

  it('evicts the least recently used entry beyond its size', () => {
    const { cache, built } = counting(2);
    cache.urlOf(link({ mailtoLinkId: 1 }));
    cache.urlOf(link({ mailtoLinkId: 2 }));
    cache.urlOf(link({ mailtoLinkId: 1 })); // 1 is now the most recently used
    cache.urlOf(link({ mailtoLinkId: 3 })); // evicts 2
    expect(cache.size).toBe(2);
    built.length = 0;
    cache.urlOf(link({ mailtoLinkId: 1 }));
    cache.urlOf(link({ mailtoLinkId: 3 }));
    expect(built).toEqual([]);
    cache.urlOf(link({ mailtoLinkId: 2 }));
    expect(built).toEqual(['2']);
  });

  it('bounds the characters it holds, and does not keep a URL bigger than that', () => {
    const { cache } = counting(100, 500);
    for (let id = 1; id <= 20; id += 1)
      cache.urlOf(link({ mailtoLinkId: id, body: 'x'.repeat(100) }));
    expect(cache.size).toBeLessThanOrEqual(2);
    const { cache: small, built } = counting(100, 50);
    small.urlOf(link({ body: 'y'.repeat(100) }));
    small.urlOf(link({ body: 'y'.repeat(100) }));
    expect(small.size).toBe(0);
    expect(built).toHaveLength(2);
  });
});
