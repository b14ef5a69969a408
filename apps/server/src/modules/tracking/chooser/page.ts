import { createHash } from 'node:crypto';
import {
  escapeHtml,
  fieldsOfStored,
  gmailComposeUrl,
  outlookComComposeUrl,
  yahooComposeUrl,
  type MailtoFields,
  type StoredMailtoFields,
} from '@mailtokit/mailto';
import { CHOOSER_TEXTS, type ChooserLanguage } from './catalogue';

/** The ways to write a chooser page offers through its doors (`/t/<slug>/open/<choice>`). */
export const DOOR_CHOICES = ['mail-app', 'gmail', 'outlook', 'yahoo'] as const;
export type DoorChoice = (typeof DOOR_CHOICES)[number];

export function isDoorChoice(value: string): value is DoorChoice {
  return (DOOR_CHOICES as readonly string[]).includes(value);
}

/** The choice the page's copy beacon reports (`POST /t/<slug>/open/copy`). */
export const COPY_CHOICE = 'copy';

/**
 * Where a door leads: the `mailto:` URL for the mail app, else the web-mail service's compose
 * URL, built from the stored link only (never from the request).
 */
export function choiceTarget(choice: DoorChoice, stored: StoredMailtoFields, mailtoUrl: string) {
  const fields = fieldsOfStored(stored);
  switch (choice) {
    case 'mail-app':
      return mailtoUrl;
    case 'gmail':
      return gmailComposeUrl(fields);
    case 'outlook':
      return outlookComComposeUrl(fields);
    case 'yahoo':
      return yahooComposeUrl(fields);
  }
}

/**
 * The page's one script: shows the copy buttons (hidden without JavaScript, where they could
 * not work), copies a button's `data-copy` text when pressed, then tells the tracking link
 * with a beacon to the address in its box's `data-beacon` (the copy door). The same on every
 * page, so one hash allows it.
 */
export const CHOOSER_SCRIPT =
  'document.querySelectorAll("button[data-copy]").forEach(function(b){b.hidden=false;b.addEventListener("click",function(){navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent=b.dataset.done;var u=b.parentNode.dataset.beacon;if(u&&navigator.sendBeacon)navigator.sendBeacon(u)})})})';

/** The page's one style sheet, light and dark after the visitor's colour scheme. */
export const CHOOSER_STYLE =
  ':root{color-scheme:light dark;--bg:#fff;--fg:#111;--muted:#555;--line:#d4d4d8;--accent:#1d4ed8}' +
  '@media (prefers-color-scheme:dark){:root{--bg:#111318;--fg:#f4f4f5;--muted:#a1a1aa;--line:#3f3f46;--accent:#93c5fd}}' +
  'body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}' +
  'main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.4rem;margin:0 0 .25rem}' +
  'h2{font-size:1rem;margin:1.25rem 0 .5rem}p{margin:0 0 1rem;color:var(--muted)}' +
  'dl{margin:0;padding:.75rem 1rem;border:1px solid var(--line);border-radius:.5rem;overflow-wrap:anywhere}' +
  'dt{font-size:.85rem;color:var(--muted)}dd{margin:0 0 .5rem}dd:last-child{margin:0}' +
  'ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}' +
  'a,button{display:block;width:100%;box-sizing:border-box;min-height:3rem;padding:.75rem 1rem;border:1px solid var(--line);border-radius:.5rem;background:transparent;color:var(--fg);font:inherit;font-weight:600;text-align:left;text-decoration:none;cursor:pointer}' +
  'li:first-child a{border-color:var(--accent);color:var(--accent)}' +
  'a:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}' +
  '.copy{display:grid;gap:.5rem;margin-top:.5rem}' +
  // `hidden` outranks the buttons' display: no copy button shows without JavaScript.
  '[hidden]{display:none!important}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The chooser page's CSP: nothing but its own script and style, each allowed by its hash, and
 * the copy beacon to its own origin; no form, frame or base. Web-mail and mail-app links are
 * plain navigations (no CSP needed).
 */
export const CHOOSER_CSP = `default-src 'none'; script-src ${sha256(CHOOSER_SCRIPT)}; style-src ${sha256(CHOOSER_STYLE)}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Phones and tablets: their own mail app comes first. */
const HANDHELD = /Mobi|Android|iPhone|iPad|iPod/i;

/** The chooser page for a `choose` tracking link: the message at a glance and the ways to write. */
export function chooserPage(input: {
  slug: string;
  stored: StoredMailtoFields;
  language: ChooserLanguage;
  userAgent: string | undefined;
}): string {
  const t = CHOOSER_TEXTS[input.language];
  const fields: MailtoFields = fieldsOfStored(input.stored);
  const door = (choice: DoorChoice, label: string) =>
    `<li><a href="/t/${input.slug}/open/${choice}" rel="noreferrer">${escapeHtml(label)}</a></li>`;
  const web = [door('gmail', t.gmail), door('outlook', t.outlook), door('yahoo', t.yahoo)];
  const app = door('mail-app', t.mailApp);
  const options = HANDHELD.test(input.userAgent ?? '') ? [app, ...web] : [...web, app];
  const to = fields.to.join(', ');
  const glance =
    (to ? `<dt>${escapeHtml(t.to)}</dt><dd>${escapeHtml(to)}</dd>` : '') +
    (fields.subject
      ? `<dt>${escapeHtml(t.subject)}</dt><dd>${escapeHtml(fields.subject)}</dd>`
      : '');
  const message = [fields.subject, fields.body].filter((v) => v !== '').join('\n\n');
  const copy = (text: string, label: string) =>
    `<button type="button" hidden data-copy="${escapeHtml(text)}" data-done="${escapeHtml(t.copied)}">${escapeHtml(label)}</button>`;
  return `<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(t.title)}</title>
<style>${CHOOSER_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
${glance ? `<dl>${glance}</dl>` : ''}
<h2>${escapeHtml(t.choose)}</h2>
<ul>${options.join('')}</ul>
<div class="copy" aria-live="polite" data-beacon="/t/${input.slug}/open/${COPY_CHOICE}">${to ? copy(to, t.copyAddress) : ''}${message ? copy(message, t.copyMessage) : ''}</div>
</main>
<script>${CHOOSER_SCRIPT}</script>
</body>
</html>
`;
}
