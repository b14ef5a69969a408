import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=1,2', `"'=1,2"`],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes null as empty, numbers as they are, and ends records with CRLF', () => {
    expect(csvRow(['a', null, undefined, -3, 4.5])).toBe('a,,,-3,4.5\r\n');
  });
});
