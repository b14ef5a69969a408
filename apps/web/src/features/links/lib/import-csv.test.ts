import { describe, expect, it } from 'vitest';
import { importErrorsCsv, importTemplateCsv } from './import-csv';

describe('import CSV files', () => {
  it('lists every problem of a skipped row on its own line, quoting what needs it', () => {
    expect(
      importErrorsCsv([
        {
          row: 3,
          errors: { name: 'Name is required', to: 'Must contain valid, "real" addresses' },
        },
        { row: 7, errors: { team: 'Unknown team' } },
      ]),
    ).toBe(
      'row,column,message\r\n3,name,Name is required\r\n3,to,"Must contain valid, ""real"" addresses"\r\n7,team,Unknown team\r\n',
    );
  });

  it('offers a template with the import header and a multi-line example body', () => {
    const [header, ...rest] = importTemplateCsv().split('\r\n');
    expect(header).toBe('name,to,cc,bcc,subject,body,team,tags');
    expect(rest.join('\r\n')).toContain('"Hello,\nmy order number is "');
  });
});
