import { LINK_CSV_COLUMNS, type LinkImportRowError } from '@mailtokit/contracts/links';
import { csvText } from '@/lib/download';

/** A template to fill in: the import's header and one example row. */
export function importTemplateCsv(): string {
  // A column missing here stays empty in the example.
  const example: Partial<Record<(typeof LINK_CSV_COLUMNS)[number], string>> = {
    name: 'Support request',
    to: 'support@example.com',
    subject: 'Help with my order',
    body: 'Hello,\nmy order number is ',
  };
  return csvText([LINK_CSV_COLUMNS, LINK_CSV_COLUMNS.map((c) => example[c] ?? '')]);
}

/**
 * The rows an import left out, one line per problem: row number (as a spreadsheet numbers
 * it, header = 1), column and message.
 */
export function importErrorsCsv(rows: readonly LinkImportRowError[]): string {
  return csvText([
    ['row', 'column', 'message'],
    ...rows.flatMap((r) =>
      Object.entries(r.errors).map(([column, message]) => [r.row, column, message]),
    ),
  ]);
}
