import { parseMailto } from './parse';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes `& < > " '` so that `text` is safe both as element text and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Anchor text used when no text is given and the link has no recipient. */
export const DEFAULT_ANCHOR_TEXT = 'Send email';

/** The first recipient of a mailto: link, or {@link DEFAULT_ANCHOR_TEXT}. */
function defaultAnchorText(href: string): string {
  try {
    return parseMailto(href).to[0] ?? DEFAULT_ANCHOR_TEXT;
  } catch {
    return DEFAULT_ANCHOR_TEXT;
  }
}

/**
 * An HTML snippet linking to `href`: `<a href="...">text</a>`, with href and text
 * HTML-escaped (`&` → `&amp;`, `"` → `&quot;`, `<` → `&lt;`, `>` → `&gt;`, `'` → `&#39;`).
 * When `text` is missing or blank the text is the link's first recipient, else 'Send email'.
 *
 * @example
 * buildAnchorSnippet('mailto:a@example.com?subject=Hi&body=Yo')
 * // '<a href="mailto:a@example.com?subject=Hi&amp;body=Yo">a@example.com</a>'
 */
export function buildAnchorSnippet(href: string, text?: string): string {
  const label = text !== undefined && text.trim() !== '' ? text : defaultAnchorText(href);
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}
