/**
 * Links longer than this many characters get a warning. A practical limit observed in mail
 * clients and browsers (not an RFC limit): Internet Explorer caps URLs at 2,083 characters, and
 * Outlook and Chrome on Windows hand mailto: links to the OS shell (ShellExecute), which
 * truncates or refuses them at around 2,048.
 */
export const MAILTO_LENGTH_WARN = 2000;

/** The result of {@link checkLength}. */
export interface LengthCheck {
  /** Length of the URL in characters (a built mailto: link is ASCII: characters = bytes). */
  length: number;
  /** Whether the URL is longer than {@link MAILTO_LENGTH_WARN}. */
  tooLong: boolean;
  /** Warning to show the user, or `null` when the link is short enough. */
  message: string | null;
}

/** Formats a non-negative integer with commas as thousands separators (`2345` → `'2,345'`). */
export function formatThousands(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Checks a link against {@link MAILTO_LENGTH_WARN}. Exactly 2,000 characters is fine;
 * 2,001 gets a warning.
 *
 * @example
 * checkLength(url).message
 * // 'This link is 2,345 characters long. Some mail clients (Outlook, Chrome on Windows,
 * //  old Internet Explorer) refuse links over about 2,000 characters; shorten the body.'
 */
export function checkLength(url: string): LengthCheck {
  const length = url.length;
  const tooLong = length > MAILTO_LENGTH_WARN;
  const message = tooLong
    ? `This link is ${formatThousands(length)} characters long. Some mail clients ` +
      `(Outlook, Chrome on Windows, old Internet Explorer) refuse links over about ` +
      `${formatThousands(MAILTO_LENGTH_WARN)} characters; shorten the body.`
    : null;
  return { length, tooLong, message };
}
