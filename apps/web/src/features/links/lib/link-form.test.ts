import { LinkBody, type MailtoLink } from '@mailtokit/contracts/links';
import { buildMailto, mailtoOfStored, parseMailto } from '@mailtokit/mailto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINK_FORM,
  linkPayload,
  linkToFormValues,
  linkFormReturnPath,
  prefilledLinkForm,
  previewHref,
  teamChoice,
  teamSelectValue,
} from './link-form';

const link = (overrides: Partial<MailtoLink> = {}): MailtoLink => ({
  id: 7,
  userId: 1,
  teamId: null,
  teamName: null,
  name: 'Support',
  to: 'help@example.com, ops@example.com',
  cc: null,
  bcc: 'audit@example.com',
  subject: 'Ticket & status',
  body: 'Line 1\nLine 2',
  isShared: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  mailtoUrl: '',
  canEdit: true,
  archivedAt: null,
  tags: [],
  ...overrides,
});

describe('linkToFormValues', () => {
  it('fills every field, nulls as empty strings', () => {
    const tags = [{ id: 5, name: 'Launch', color: 'blue' as const }];
    expect(linkToFormValues(link({ teamId: 3, teamName: 'Ops', tags }))).toEqual({
      name: 'Support',
      to: 'help@example.com, ops@example.com',
      cc: '',
      bcc: 'audit@example.com',
      subject: 'Ticket & status',
      body: 'Line 1\nLine 2',
      teamId: 3,
      isShared: true,
      tags: ['Launch'],
    });
  });

  it("leaves the tags out for someone who may not change them (the update keeps the link's)", () => {
    const tags = [{ id: 5, name: 'Launch', color: 'blue' as const }];
    const values = linkToFormValues(link({ tags }), false);
    expect(values.tags).toBeUndefined();
    expect(linkPayload(LinkBody.parse(values))).not.toHaveProperty('tags');
  });
});

describe('LinkBody on the form values (the server’s own schema)', () => {
  it('gives the fixed validation messages', () => {
    const result = LinkBody.safeParse({ ...EMPTY_LINK_FORM, cc: 'not an address' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      name: 'Name is required',
      to: 'To field is required',
      cc: 'Must contain valid email addresses separated by commas',
    });
  });

  it('trims and normalises; the payload leaves empty optionals out', () => {
    const input = LinkBody.parse({
      ...EMPTY_LINK_FORM,
      name: '  Sales ',
      to: ' a@example.com ;b@example.com ',
      subject: '   ',
      body: '  Hi\nthere  ',
    });
    expect(linkPayload(input)).toEqual({
      name: 'Sales',
      to: 'a@example.com, b@example.com',
      body: 'Hi\nthere',
      isShared: false,
      tags: [],
    });
  });

  it('shares with the chosen team', () => {
    const input = LinkBody.parse({ ...EMPTY_LINK_FORM, name: 'x', to: 'a@example.com', teamId: 4 });
    expect(linkPayload(input)).toMatchObject({ teamId: 4, isShared: true });
  });
});

describe('mailtoOfStored / previewHref', () => {
  it('builds what the server builds for a stored link', () => {
    const stored = link();
    expect(mailtoOfStored(stored)).toBe(
      buildMailto({
        to: ['help@example.com', 'ops@example.com'],
        bcc: ['audit@example.com'],
        subject: 'Ticket & status',
        body: 'Line 1\nLine 2',
      }),
    );
  });

  it('previews the trimmed values, nasty characters round-trip', () => {
    const href = previewHref({
      ...EMPTY_LINK_FORM,
      to: 'a+b@example.com, c@example.com',
      cc: 'd@example.com',
      subject: ' 50% off & more? #1 😀 ',
      body: '\nCafé\n+ plus\n',
    });
    expect(parseMailto(href)).toEqual({
      to: ['a+b@example.com', 'c@example.com'],
      cc: ['d@example.com'],
      bcc: [],
      subject: '50% off & more? #1 😀',
      body: 'Café\n+ plus',
      headers: {},
    });
  });
});

describe('team selector', () => {
  it('maps Keep private and teams', () => {
    expect(teamSelectValue(null)).toBe('');
    expect(teamSelectValue(12)).toBe('12');
    expect(teamChoice('')).toEqual({ teamId: null, isShared: false });
    expect(teamChoice('12')).toEqual({ teamId: 12, isShared: true });
    expect(teamChoice('abc')).toEqual({ teamId: null, isShared: false });
  });
});

describe('prefilledLinkForm', () => {
  it("fills a new link's form from the address, ignoring anything else", () => {
    const values = prefilledLinkForm(
      new URLSearchParams('to=a%40example.com&subject=Hi+%26+welcome&evil=1'),
    );
    expect(values).toEqual({
      ...EMPTY_LINK_FORM,
      to: 'a@example.com',
      subject: 'Hi & welcome',
    });
  });
});

describe('a new link from a team page', () => {
  it('chooses that team', () => {
    expect(prefilledLinkForm(new URLSearchParams('teamId=12'))).toMatchObject({
      teamId: 12,
      isShared: true,
    });
    expect(prefilledLinkForm(new URLSearchParams('teamId=abc')).teamId).toBeNull();
    expect(prefilledLinkForm(new URLSearchParams('teamId=0')).teamId).toBeNull();
  });

  it('goes back to a page of this site only', () => {
    expect(linkFormReturnPath(new URLSearchParams('return=%2Fteams%2F12'))).toBe('/teams/12');
    for (const bad of ['https://evil.test', '//evil.test', '/\\evil.test', 'teams/1', ''])
      expect(linkFormReturnPath(new URLSearchParams({ return: bad }))).toBe('/dashboard');
    expect(linkFormReturnPath(new URLSearchParams())).toBe('/dashboard');
  });
});
