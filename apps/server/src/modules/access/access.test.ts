import type { TeamRole } from '@mailtokit/contracts/teams';
import { describe, expect, it } from 'vitest';
import type { LinkRow } from '../../db/types';
import {
  accessFor,
  seatedTeamIds,
  type LinkAccess,
  type LinkViewer,
  type Memberships,
} from './service';

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

/** Memberships in teams whose plan covers them (unless `covered` says otherwise). */
const seats = (...entries: [number, TeamRole][]): Memberships =>
  new Map(
    entries.map(([teamId, role]) => [
      teamId,
      { role, teamName: `team ${teamId}`, covered: true, blocked: false },
    ]),
  );

const uncovered = (memberships: Memberships): Memberships =>
  new Map([...memberships].map(([id, m]) => [id, { ...m, covered: false }]));

/** A viewer with a plan of their own unless `ownPlan` is false. */
const as = (
  who: { id: number },
  memberships: Memberships = seats(),
  ownPlan = true,
): LinkViewer => ({ id: who.id, ownPlan, memberships });

const ROLES: TeamRole[] = ['OWNER', 'ADMIN', 'MEMBER'];

describe('accessFor', () => {
  describe('the author edits their link, shared or not, whatever their role', () => {
    it.each([
      ['private, no teams', link(null), seats()],
      ['private, in teams', link(null), seats([TEAM, 'MEMBER'])],
      ['shared, author a member there', link(TEAM), seats([TEAM, 'MEMBER'])],
      ['shared, author has left the team', link(TEAM), seats()],
    ])('%s', (_case, row, memberships) => {
      expect(accessFor(as(AUTHOR, memberships), row)).toBe('edit');
    });

    it('without memberships given', () => {
      expect(accessFor(as(AUTHOR), link(null))).toBe('edit');
      expect(accessFor(as(AUTHOR), link(TEAM))).toBe('edit');
    });
  });

  describe('someone else, by role in the team the link is shared with', () => {
    it.each<[TeamRole, LinkAccess]>([
      ['OWNER', 'edit'],
      ['ADMIN', 'edit'],
      ['MEMBER', 'read'],
    ])('%s: %s', (role, access) => {
      expect(accessFor(as(VIEWER, seats([TEAM, role])), link(TEAM))).toBe(access);
      // Seats in other teams change nothing.
      for (const other of ROLES)
        expect(accessFor(as(VIEWER, seats([OTHER_TEAM, other], [TEAM, role])), link(TEAM))).toBe(
          access,
        );
    });

    it.each(ROLES)('not a member of that team (%s of another): none', (role) => {
      expect(accessFor(as(VIEWER, seats([OTHER_TEAM, role])), link(TEAM))).toBe('none');
    });

    it('in no team at all: none', () => {
      expect(accessFor(as(VIEWER, seats()), link(TEAM))).toBe('none');
      expect(accessFor(as(VIEWER), link(TEAM))).toBe('none');
    });
  });

  describe('someone else, a private link', () => {
    it.each(ROLES)('%s of the author teams: none', (role) => {
      expect(accessFor(as(VIEWER, seats([TEAM, role], [OTHER_TEAM, role])), link(null))).toBe(
        'none',
      );
    });

    it('in no team: none', () => {
      expect(accessFor(as(VIEWER, seats()), link(null))).toBe('none');
    });
  });

  it('covers the whole matrix: viewer x sharing x role in the team of the link', () => {
    const table: string[] = [];
    for (const who of ['author', 'other'] as const)
      for (const shared of [false, true])
        for (const role of [null, ...ROLES]) {
          const memberships = role === null ? seats() : seats([TEAM, role]);
          const user = who === 'author' ? AUTHOR : VIEWER;
          const access = accessFor(as(user, memberships), link(shared ? TEAM : null));
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

  describe('without a plan of their own: only through a team whose plan covers them', () => {
    it('covers the whole matrix: viewer x sharing x role x the team plan', () => {
      const table: string[] = [];
      for (const who of ['author', 'other'] as const)
        for (const shared of [false, true])
          for (const covered of [true, false])
            for (const role of ROLES) {
              const memberships = seats([TEAM, role]);
              const viewer = as(
                who === 'author' ? AUTHOR : VIEWER,
                covered ? memberships : uncovered(memberships),
                false,
              );
              const access = accessFor(viewer, link(shared ? TEAM : null));
              if (access !== 'none')
                table.push(`${who} ${shared ? 'shared' : 'private'} ${role}: ${access}`);
            }
      // Nothing private, nothing of a team whose plan has ended.
      expect(table).toEqual([
        'author shared OWNER: edit',
        'author shared ADMIN: edit',
        'author shared MEMBER: edit',
        'other shared OWNER: edit',
        'other shared ADMIN: edit',
        'other shared MEMBER: read',
      ]);
    });

    it('a plan of their own reaches the links of a team whose plan has ended', () => {
      const memberships = uncovered(seats([TEAM, 'MEMBER']));
      expect(accessFor(as(VIEWER, memberships, true), link(TEAM))).toBe('read');
      expect(accessFor(as(VIEWER, memberships, false), link(TEAM))).toBe('none');
    });

    it('seatedTeamIds: the covered teams only, in order', () => {
      const memberships = new Map([
        ...seats([30, 'MEMBER'], [TEAM, 'ADMIN']),
        ...uncovered(seats([OTHER_TEAM, 'OWNER'])),
      ]);
      expect(seatedTeamIds(memberships)).toEqual([TEAM, 30]);
    });
  });
});
