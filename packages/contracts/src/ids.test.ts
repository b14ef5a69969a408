import { describe, expect, it } from 'vitest';
import { MAX_INT, parseId } from './ids';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(MAX_INT), MAX_INT],
  ])('%s is an id', (raw, id) => expect(parseId(raw)).toBe(id));

  it.each([
    undefined,
    null,
    '',
    '0',
    '-1',
    '+1',
    '01',
    '1.5',
    ' 1',
    'abc',
    '1e3',
    String(MAX_INT + 1),
    '99999999999',
  ])('%s is not', (raw) => expect(parseId(raw)).toBeNull());
});
