import type { TeamRole } from '@mailtokit/contracts/teams';
import { describe, expect, it } from 'vitest';
import type { LinkRow } from '../../db/types';
import { accessFor, type LinkAccess, type Memberships } from './service';

const AUTHOR = { id: 1 };
const VIEWER = { id: 2 };
const TEAM = 10;
const OTHER_TEAM = 20;

function link(teamId: number | null): LinkRow {
  return {
    id: 100,
    user_id: AUTHOR.id,
    team_id: teamId,
    name: 'Sales',
    to: 'sales@example.com',
    cc: null,
    bcc: null,
    subject: null,
    body: null,
    is_shared: teamId === null ? 0 : 1,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    search_text: 'sales sales@example.com',
    archived_at: null,
  };
}

const seats = (...entries: [number, TeamRole][]): Memberships =>
  new Map(entries.map(([teamId, role]) => [teamId, { role, teamName: `team ${teamId}` }]));

const ROLES: TeamRole[] = ['OWNER', 'ADMIN', 'MEMBER'];

describe('accessFor', () => {
  describe('the author edits their link, shared or not, whatever their role', () => {
    it.each([
      ['private, no teams', link(null), seats()],
      ['private, in teams', link(null), seats([TEAM, 'MEMBER'])],
      ['shared, author a member there', link(TEAM), seats([TEAM, 'MEMBER'])],
      ['shared, author has left the team', link(TEAM), seats()],
    ])('%s', (_case, row, memberships) => {
      expect(accessFor(AUTHOR, row, memberships)).toBe('edit');
    });

    it('without memberships given', () => {
      expect(accessFor(AUTHOR, link(null))).toBe('edit');
      expect(accessFor(AUTHOR, link(TEAM))).toBe('edit');
    });
  });

  describe('someone else, by role in the team the link is shared with', () => {
    it.each<[TeamRole, LinkAccess]>([
      ['OWNER', 'edit'],
      ['ADMIN', 'edit'],
      ['MEMBER', 'read'],
    ])('%s: %s', (role, access) => {
      expect(accessFor(VIEWER, link(TEAM), seats([TEAM, role]))).toBe(access);
      // Seats in other teams change nothing.
      for (const other of ROLES)
        expect(accessFor(VIEWER, link(TEAM), seats([OTHER_TEAM, other], [TEAM, role]))).toBe(
          access,
        );
    });

    it.each(ROLES)('not a member of that team (%s of another): none', (role) => {
      expect(accessFor(VIEWER, link(TEAM), seats([OTHER_TEAM, role]))).toBe('none');
    });

    it('in no team at all: none', () => {
      expect(accessFor(VIEWER, link(TEAM), seats())).toBe('none');
      expect(accessFor(VIEWER, link(TEAM))).toBe('none');
    });
  });

  describe('someone else, a private link', () => {
    it.each(ROLES)('%s of the author teams: none', (role) => {
      expect(accessFor(VIEWER, link(null), seats([TEAM, role], [OTHER_TEAM, role]))).toBe('none');
    });

    it('in no team: none', () => {
      expect(accessFor(VIEWER, link(null), seats())).toBe('none');
    });
  });

  it('covers the whole matrix: viewer x sharing x role in the team of the link', () => {
    const table: string[] = [];
    for (const who of ['author', 'other'] as const)
      for (const shared of [false, true])
        for (const role of [null, ...ROLES]) {
          const memberships = role === null ? seats() : seats([TEAM, role]);
          const user = who === 'author' ? AUTHOR : VIEWER;
          const access = accessFor(user, link(shared ? TEAM : null), memberships);
          table.push(`${who} ${shared ? 'shared' : 'private'} ${role ?? 'none'}: ${access}`);
        }
    expect(table).toEqual([
      'author private none: edit',
      'author private OWNER: edit',
      'author private ADMIN: edit',
      'author private MEMBER: edit',
      'author shared none: edit',
      'author shared OWNER: edit',
      'author shared ADMIN: edit',
      'author shared MEMBER: edit',
      'other private none: none',
      'other private OWNER: none',
      'other private ADMIN: none',
      'other private MEMBER: none',
      'other shared none: none',
      'other shared OWNER: edit',
      'other shared ADMIN: edit',
      'other shared MEMBER: read',
    ]);
  });
});
