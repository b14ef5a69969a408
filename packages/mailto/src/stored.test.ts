import { describe, expect, it } from 'vitest';
import { buildMailto } from './build';
import { parseMailto } from './parse';
import { mailtoOfStored } from './stored';

describe('mailtoOfStored', () => {
  it('splits the stored address lists and leaves out empty fields', () => {
    expect(
      mailtoOfStored({
        to: 'help@example.com, ops@example.com',
        cc: null,
        bcc: 'audit@example.com',
        subject: 'Ticket & status',
        body: null,
      }),
    ).toBe(
      buildMailto({
        to: ['help@example.com', 'ops@example.com'],
        bcc: ['audit@example.com'],
        subject: 'Ticket & status',
      }),
    );
  });

  it('round-trips through the parser', () => {
    const url = mailtoOfStored({ to: 'a@example.com', subject: 'a#b?c&d', body: 'x\ny' });
    expect(parseMailto(url)).toMatchObject({
      to: ['a@example.com'],
      subject: 'a#b?c&d',
      body: 'x\ny',
    });
  });
});
