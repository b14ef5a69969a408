import { createHash } from 'node:crypto';
import { escapeHtml } from '@mailtokit/mailto';

/**
 * A minimal page: inline style only (the CSP allows it), not indexed. Only the long-link page
 * has a script, and only {@link LONG_LINK_SCRIPT}.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}a{color:#2563eb}.button{display:inline-block;padding:.75rem 1.25rem;border-radius:.5rem;background:#2563eb;color:#fff;font-weight:600;text-decoration:none}.button:hover{background:#1d4ed8}.button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * Body of the redirect: the mailto: link as a fallback for clients that do not follow it.
 * Sent with every click, so it is the smallest valid page (no style): a person sees it only
 * when their client cannot open the link.
 */
export function redirectPage(mailtoUrl: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Opening your email app</title><p>Opening your email app… If nothing happens, <a href="${escapeHtml(mailtoUrl)}">write the email</a>.</p></html>\n`;
}

/**
 * The one script of the long-link page: once the page has loaded it opens the link, as a
 * redirect would. The link itself is read from the button, so the script (and its hash) is the
 * same on every page.
 */
export const LONG_LINK_SCRIPT =
  'addEventListener("load",function(){location.href=document.getElementById("open").href})';

/** The CSP source that allows {@link LONG_LINK_SCRIPT} and no other script. */
export const LONG_LINK_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LONG_LINK_SCRIPT).digest('base64')}'`;

/**
 * A link too long for a `Location` header: a button (a plain link, so it works without
 * script) that opens the email with the exact link, and the script that opens it at once.
 */
export function longLinkPage(mailtoUrl: string): string {
  return page(
    'Write the email',
    `<h1>Write the email</h1>
<p>Your email app opens with the message ready to send. If it does not, use the button.</p>
<p><a id="open" class="button" href="${escapeHtml(mailtoUrl)}">Open in your email app</a></p>
<script>${LONG_LINK_SCRIPT}</script>`,
  );
}

/** The click could not be stored: no redirect (it would go uncounted), but the link works. */
export function unavailablePage(mailtoUrl: string): string {
  return page(
    'Temporarily unavailable',
    `<h1>Temporarily unavailable</h1>
<p>This link could not be followed just now. <a href="${escapeHtml(mailtoUrl)}">Write the email</a> instead, or try again in a moment.</p>`,
  );
}

export function notFoundPage(): string {
  return page(
    'Link not found',
    `<h1>Link not found</h1>
<p>This link does not exist or has been removed.</p>`,
  );
}

export function errorPage(): string {
  return page(
    'Something went wrong',
    `<h1>Something went wrong</h1>
<p>Please try again in a moment.</p>`,
  );
}
