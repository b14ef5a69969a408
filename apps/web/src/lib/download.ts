/** Offers `text` as a file download named `filename` (built in the browser, nothing sent). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text: one line per row, CRLF-terminated. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}
