import { escapeHtml } from '@mailtokit/mailto';

/** A minimal page: inline style only (the CSP allows it), no script, not indexed. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}a{color:#2563eb}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Body of the redirect: the mailto: link as a fallback for clients that do not follow it. */
export function redirectPage(mailtoUrl: string): string {
  return page(
    'Opening your email app',
    `<p>Opening your email app… If nothing happens, <a href="${escapeHtml(mailtoUrl)}">write the email</a>.</p>`,
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
