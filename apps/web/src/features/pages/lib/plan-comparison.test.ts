import { TEAMS_OWNED_MAX, TEAM_MEMBERS_MAX } from '@mailtokit/contracts/teams';
import { TOKENS_PER_USER_MAX } from '@mailtokit/contracts/tokens';
import { WEBHOOKS_PER_USER_MAX } from '@mailtokit/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { PLAN_CAPS } from './plan-comparison';

describe('PLAN_CAPS', () => {
  it('states the caps the server enforces', () => {
    expect(PLAN_CAPS).toEqual({
      teamsOwned: TEAMS_OWNED_MAX,
      teamMembers: TEAM_MEMBERS_MAX,
      webhooks: WEBHOOKS_PER_USER_MAX,
      tokens: TOKENS_PER_USER_MAX,
    });
  });
});
