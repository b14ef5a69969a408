/** The stored fields a `mailto:` URL is built from, and the version of the link they belong to. */
export interface MailtoSource {
  mailtoLinkId: number;
  updatedAt: string;
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string | null;
  body: string | null;
}

interface Entry {
  source: MailtoSource;
  url: string;
  chars: number;
}

/**
 * The built `mailto:` URL of each link, so that a redirect encodes it only when the link
 * changed. An entry is keyed by link id and `updated_at` (every edit sets it), and it is only
 * used if the stored fields are still the same strings: two edits in the same millisecond
 * cannot serve a stale target either. Least recently used entries go first once there are
 * more than `maxEntries` of them or their strings hold more than `maxChars` characters (a
 * body may be 20,000 characters, its encoded URL several times that).
 */
export class MailtoUrlCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly build: (source: MailtoSource) => string,
    private readonly maxEntries = 5000,
    private readonly maxChars = 8_000_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  urlOf(source: MailtoSource): string {
    const key = `${source.mailtoLinkId}|${source.updatedAt}`;
    const hit = this.entries.get(key);
    if (hit && sameFields(hit.source, source)) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.url;
    }
    if (hit) this.remove(key, hit);
    const url = this.build(source);
    const entry: Entry = { source: copyOf(source), url, chars: url.length + fieldChars(source) };
    if (entry.chars > this.maxChars) return url;
    this.entries.set(key, entry);
    this.chars += entry.chars;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestKey, oldest);
    }
    return url;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.chars -= entry.chars;
  }
}

function sameFields(a: MailtoSource, b: MailtoSource): boolean {
  return (
    a.to === b.to &&
    a.cc === b.cc &&
    a.bcc === b.bcc &&
    a.subject === b.subject &&
    a.body === b.body
  );
}

/** Only the fields (not the caller's object, which may carry more). */
function copyOf(s: MailtoSource): MailtoSource {
  return {
    mailtoLinkId: s.mailtoLinkId,
    updatedAt: s.updatedAt,
    to: s.to,
    cc: s.cc,
    bcc: s.bcc,
    subject: s.subject,
    body: s.body,
  };
}

function fieldChars(s: MailtoSource): number {
  return (
    s.to.length +
    (s.cc?.length ?? 0) +
    (s.bcc?.length ?? 0) +
    (s.subject?.length ?? 0) +
    (s.body?.length ?? 0)
  );
}
