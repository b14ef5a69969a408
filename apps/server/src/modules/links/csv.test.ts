import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvLines,
  CsvFormatError,
  CsvTooManyRowsError,
  parseLinksCsv,
  protectCell,
  readLinksCsv,
  unprotectCell,
  type CsvRecord,
} from './csv';

const record = (over: Partial<CsvRecord> = {}): CsvRecord => ({
  name: 'n',
  to: 'a@example.com',
  cc: '',
  bcc: '',
  subject: '',
  body: '',
  team: '',
  tags: '',
  ...over,
});

describe('formula protection', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=x", "''=x"],
    ["''@x", "'''@x"],
    ["'hello", "'hello"],
    ["'", "'"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j is written as %j and read back', (value, cell) => {
    expect(protectCell(value)).toBe(cell);
    expect(unprotectCell(cell)).toBe(value);
  });

  it('round-trips any text exactly', () => {
    const alphabet = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', 'a', ',', '"', 'é');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 8 }), (value) => {
        expect(unprotectCell(protectCell(value))).toBe(value);
      }),
    );
  });
});

describe('links CSV', () => {
  it('writes RFC 4180 with CRLF between records and reads it back', () => {
    const tricky = record({
      name: 'Ünïcödé, "quoted"',
      subject: '=HYPERLINK("http://x")',
      body: 'line one\r\nline two\nthree',
      team: 'Sales',
    });
    const text = csvLines([], true) + csvLines([tricky, record({ name: 'second' })], false);
    expect(text.startsWith('name,to,cc,bcc,subject,body,team,tags\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const rows = parseLinksCsv(text, 10);
    expect(rows).toEqual([
      { row: 2, cells: tricky },
      { row: 3, cells: record({ name: 'second' }) },
    ]);
  });

  it('numbers rows as a spreadsheet does: multi-line cells stay one row, blank lines count', () => {
    const text = 'name,to\n"a\nb",x@example.com\n\nc,y@example.com\n';
    expect(parseLinksCsv(text, 10).map((r) => r.row)).toEqual([2, 4]);
  });

  it('takes the columns in any order and case, with a byte-order mark', () => {
    const rows = parseLinksCsv('\uFEFFTo,Name\r\nx@example.com,First\r\n', 10);
    expect(rows[0]?.cells).toEqual(record({ name: 'First', to: 'x@example.com' }));
  });

  it.each([
    ['', /empty/],
    ['name,to,colour\nx,y,z\n', /Unknown column "colour"/],
    ['name,cc\nx,y\n', /no "to" column/],
    ['name,to,name\na,b,c\n', /twice/],
    ['name,to\na,b,c\n', /Row 2 has 3 fields/],
    ['name,to\n"unclosed,b\n', /not a readable CSV/],
  ])('rejects %j', (text, message) => {
    expect(() => parseLinksCsv(text, 10)).toThrow(CsvFormatError);
    expect(() => parseLinksCsv(text, 10)).toThrow(message);
  });

  it('stops past the row limit', () => {
    const text = `name,to\n${'a,b\n'.repeat(4)}`;
    expect(parseLinksCsv(text, 4)).toHaveLength(4);
    expect(() => parseLinksCsv(`${text}a,b\n`, 4)).toThrow(CsvTooManyRowsError);
  });

  it('reads a file a slice at a time exactly as in one piece, wherever the slices end', async () => {
    const text =
      '\uFEFFname,to,body\r\n"Grüße 日本 🎉",a@example.com,"line one\r\nline ""two"", three"\r\n' +
      "\r\n'=x,b@example.com,é\r\n";
    const whole = parseLinksCsv(text, 10);
    expect(whole).toHaveLength(2);
    for (const slice of [1, 2, 3, 5, 7, 64])
      expect(await readLinksCsv(text, 10, slice)).toEqual(whole);
  });

  it('reading a slice at a time rejects what the one-piece reading rejects', async () => {
    await expect(readLinksCsv('name,to\n"unclosed,b\n', 10, 4)).rejects.toThrow(
      /not a readable CSV/,
    );
    await expect(readLinksCsv(`name,to\n${'a,b\n'.repeat(5)}`, 4, 3)).rejects.toThrow(
      CsvTooManyRowsError,
    );
  });
});
