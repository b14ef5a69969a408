import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { parse as parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { LINK_CSV_COLUMNS, type LinkCsvColumn } from '@mailtokit/contracts/links';

/**
 * The links CSV: RFC 4180 (comma, double quotes doubled inside quoted fields, CRLF between
 * records), UTF-8, header `name,to,cc,bcc,subject,body,team`. Line breaks inside a field are
 * kept as they are.
 *
 * Formula protection, reversible. A spreadsheet runs a cell that starts with `=`, `+`, `-`
 * or `@` (and some also a tab or carriage return) as a formula. On export, a cell whose text
 * starts with one of these characters, possibly after one or more single quotes, gets one
 * more single quote in front (`=SUM(A1)` -> `'=SUM(A1)`, `'=x` -> `''=x`). On import, one
 * leading single quote is removed from a cell that starts with one or more single quotes
 * followed by one of these characters. Everything else passes unchanged both ways (`'hello`
 * stays `'hello`), so export followed by import gives back exactly what was stored.
 */
const NEEDS_PROTECTION = /^'*[=+\-@\t\r]/;
const PROTECTED = /^'+[=+\-@\t\r]/;

export function protectCell(value: string): string {
  return NEEDS_PROTECTION.test(value) ? `'${value}` : value;
}

export function unprotectCell(cell: string): string {
  return PROTECTED.test(cell) ? cell.slice(1) : cell;
}

export type CsvRecord = Record<LinkCsvColumn, string>;

/** The header line, then one line per record: a chunk of the export stream. */
export function csvLines(records: CsvRecord[], withHeader: boolean): string {
  return stringify(
    records.map((r) => LINK_CSV_COLUMNS.map((c) => protectCell(r[c]))),
    {
      header: withHeader,
      columns: withHeader ? [...LINK_CSV_COLUMNS] : undefined,
      record_delimiter: 'windows',
    },
  );
}

/** A CSV file that cannot be read as the links CSV (the message says why and where). */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

/** More rows than one import takes. */
export class CsvTooManyRowsError extends Error {
  override name = 'CsvTooManyRowsError';
}

/** One row of the file, numbered as a spreadsheet shows it (header = 1), every column set. */
export interface CsvRow {
  row: number;
  cells: CsvRecord;
}

const isBlank = (record: string[]) => record.length === 1 && record[0] === '';

/**
 * Reads a links CSV. The header names the columns (any order, any case; `name` and `to` are
 * required, the others optional); a byte-order mark is allowed; blank lines are skipped but
 * counted, as a spreadsheet shows them. Throws CsvFormatError for anything that is not such
 * a file, CsvTooManyRowsError past `maxRows` links.
 */
export function parseLinksCsv(text: string, maxRows: number): CsvRow[] {
  let records: string[][];
  try {
    records = parse(text, PARSE_OPTIONS) as string[][];
  } catch (err) {
    throw unreadable(err);
  }
  return rowsOf(records, maxRows);
}

/** Bytes of the file parsed at a time by readLinksCsv. */
export const READ_SLICE_BYTES = 16 * 1024;

/**
 * parseLinksCsv, a slice of `sliceBytes` at a time with a turn of the event loop between two
 * slices, so that reading a large file never keeps other requests waiting for long.
 */
export async function readLinksCsv(
  text: string,
  maxRows: number,
  sliceBytes = READ_SLICE_BYTES,
): Promise<CsvRow[]> {
  const bytes = Buffer.from(text);
  const stream = parser(PARSE_OPTIONS);
  const records: string[][] = [];
  let failure: unknown;
  stream.on('data', (record: string[]) => records.push(record));
  const done = new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('error', (err) => {
      failure ??= err;
      resolve();
    });
  });
  for (let at = 0; at < bytes.length && failure === undefined; at += sliceBytes) {
    stream.write(bytes.subarray(at, at + sliceBytes));
    await yieldToLoop();
  }
  if (failure === undefined) stream.end();
  await done;
  if (failure !== undefined) throw unreadable(failure);
  return rowsOfInTurns(records, maxRows);
}

const PARSE_OPTIONS = { bom: true, relax_column_count: true };

function unreadable(err: unknown): CsvFormatError {
  const reason = err instanceof Error ? err.message : String(err);
  return new CsvFormatError(`This is not a readable CSV file: ${reason}`);
}

/** The rows of a parsed file, checked against its header. */
function rowsOf(records: string[][], maxRows: number): CsvRow[] {
  const reader = rowReader(records, maxRows);
  for (let i = 0; i < records.length; i += 1) reader.read(i);
  return reader.rows;
}

/** Like rowsOf, with a turn of the event loop every ROWS_PER_TURN records. */
async function rowsOfInTurns(records: string[][], maxRows: number): Promise<CsvRow[]> {
  const reader = rowReader(records, maxRows);
  for (let i = 0; i < records.length; i += 1) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await yieldToLoop();
    reader.read(i);
  }
  return reader.rows;
}

/** Records turned into rows between two turns of the event loop by readLinksCsv. */
const ROWS_PER_TURN = 500;

/** Checks the header of a parsed file; `read(i)` then adds record `i` to `rows` if it is one. */
function rowReader(records: string[][], maxRows: number) {
  const headerAt = records.findIndex((r) => !isBlank(r));
  const header = records[headerAt];
  if (!header) throw new CsvFormatError('The file is empty: it needs a header row and links');
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(LINK_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new CsvFormatError(
      `Unknown column ${unknown.map((u) => `"${u}"`).join(', ')} in the header row; the columns are ${LINK_CSV_COLUMNS.join(',')}`,
    );
  for (const required of ['name', 'to'])
    if (!names.includes(required))
      throw new CsvFormatError(`The header row has no "${required}" column`);
  if (new Set(names).size !== names.length)
    throw new CsvFormatError('A column appears twice in the header row');

  const rows: CsvRow[] = [];
  const read = (i: number) => {
    const record = records[i];
    if (!record || i <= headerAt || isBlank(record)) return;
    const row = i + 1;
    if (record.length !== names.length)
      throw new CsvFormatError(
        `Row ${row} has ${record.length} fields but the header row has ${names.length}`,
      );
    if (rows.length === maxRows)
      throw new CsvTooManyRowsError(`At most ${maxRows.toLocaleString('en')} links per file`);
    const cells = Object.fromEntries(LINK_CSV_COLUMNS.map((c) => [c, ''])) as CsvRecord;
    names.forEach((name, j) => {
      cells[name as LinkCsvColumn] = unprotectCell(record[j] ?? '');
    });
    rows.push({ row, cells });
  };
  return { rows, read };
}
