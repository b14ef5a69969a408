import { describe, expect, it } from 'vitest';
import {
  idParam,
  multiLineText,
  nameText,
  queryInteger,
  secretText,
  singleLineText,
  storableHeaderText,
} from './fields';
import { MESSAGES } from './messages';

const problemOf = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message ?? null;

const CONTROLS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];
const DIRECTION = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const LONE = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];

describe('text field helpers', () => {
  it('trim, and keep ordinary text of every script and plane', () => {
    const value = 'Zoë 山田 مرحبا 😀 \u200d\u00a0x';
    for (const schema of [singleLineText(), nameText(), multiLineText()])
      expect(schema.parse(`  ${value}\t\n`)).toBe(value);
    expect(secretText().parse('  p@ss wörd\t')).toBe('  p@ss wörd\t');
  });

  it.each(CONTROLS)(
    'refuse the control character U+%s everywhere but in secrets (NUL there too)',
    (c) => {
      for (const schema of [singleLineText(), nameText(), multiLineText()])
        expect(problemOf(schema, `a${c}b`)).toBe(MESSAGES.controlCharacters);
      expect(problemOf(secretText(), `a${c}b`)).toBe(
        c === '\u0000' ? MESSAGES.controlCharacters : null,
      );
    },
  );

  it.each(['\t', '\n', '\r'])('take %j inside multi-line text only', (c) => {
    expect(multiLineText().parse(`a${c}b`)).toBe(`a${c}b`);
    expect(problemOf(singleLineText(), `a${c}b`)).toBe(MESSAGES.singleLine);
    expect(problemOf(nameText(), `a${c}b`)).toBe(MESSAGES.singleLine);
  });

  it.each(LONE)('refuse an unpaired surrogate (%j) everywhere, secrets included', (s) => {
    for (const schema of [singleLineText(), nameText(), multiLineText(), secretText()])
      expect(problemOf(schema, `a${s}b`)).toBe(MESSAGES.invalidUnicode);
  });

  it.each(DIRECTION)('refuse the direction control %j in names only', (c) => {
    expect(problemOf(nameText(), `a${c}b`)).toBe(MESSAGES.directionControls);
    expect(singleLineText().parse(`a${c}b`)).toBe(`a${c}b`);
    expect(multiLineText().parse(`a${c}b`)).toBe(`a${c}b`);
  });

  it('read a missing value with the given message', () => {
    expect(problemOf(nameText('Name is required'), undefined)).toBe('Name is required');
    expect(problemOf(secretText('Password is required'), 42)).toBe('Password is required');
  });

  it('make header text storable by dropping what no column may hold', () => {
    expect(storableHeaderText('Mozilla/5.0\u0000 (X11;\u0085 Linux)\ud800\t')).toBe(
      'Mozilla/5.0 (X11; Linux)',
    );
    expect(storableHeaderText('Zoë 😀')).toBe('Zoë 😀');
  });
});

describe('integers written in a path or a query', () => {
  const limit = queryInteger('limit must be 1 to 200', 1, 200);

  it.each([
    ['1', 1],
    ['200', 200],
    ['007', 7],
  ])('%s is %d', (raw, n) => expect(limit.parse(raw)).toBe(n));

  it.each(['0', '201', '', ' 5', '5 ', '+5', '-5', '0x10', '1e2', '5e0', '1.0', 'true', '٣'])(
    '%j is refused',
    (raw) => expect(problemOf(limit, raw)).toBe('limit must be 1 to 200'),
  );

  it('ids in a path are decimal digits, else refused', () => {
    const id = idParam('Link id');
    expect(id.parse('42')).toBe('42');
    for (const raw of ['abc', ' 5', '0x5', '5e0', '-1', '1.5', ''])
      expect(id.safeParse(raw).success, raw).toBe(false);
  });
});
