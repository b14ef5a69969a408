/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes
 * doubled. A value a spreadsheet would run as a formula (`= + - @`, tab, CR first) gets a
 * leading `'` so that it is shown as text (CSV injection).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
