import { OkResponse } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { Invitation, InviteByUsernameBody } from '@mailtokit/contracts/invitations';
import { idParam } from '@mailtokit/contracts/fields';
import {
  CreateTeamBody,
  Team,
  TeamList,
  TeamMember,
  TeamMemberList,
  UpdateMemberBody,
  UpdateTeamBody,
} from '@mailtokit/contracts/teams';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { clientKey } from '../../lib/client-key';
import { withAliases } from '../../lib/routes';
import type { App } from '../../lib/types';

/** Decimal digits (else 400); an id that names no row the caller may see answers 404. */
const TeamParams = z.object({ id: idParam('Team id (a positive integer)') });
const MemberParams = TeamParams.extend({
  userId: idParam('User id of the member (a positive integer)'),
});

const MEMBERS_ONLY =
  'Members of the team only: anyone else gets 404 Team not found, whether or not it exists.';

/**
 * Teams, members and roles. Canonical paths are `/api/v1/teams...`; the older `/api/teams...`
 * paths (and the collection with a trailing slash) serve the same resources
 * (docs/product.md, API compatibility).
 */
export async function teamRoutes(app: App) {
  const collection = withAliases('/api/v1/teams', '/api/v1/teams/', '/api/teams', '/api/teams/');
  for (const { url, hide } of collection) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'listTeams',
        summary: 'The teams the signed-in user owns or belongs to, with their members',
        description: 'Any plan may list. At most 200 teams per user (a documented cap).',
        response: { 200: TeamList, 401: ErrorBody },
      },
      config: { auth: { token: 'teams:read' } },
      handler: async (request) => app.services.teams.list(authOf(request).user),
    });

    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'createTeam',
        summary: 'Create a team; the creator becomes its owner',
        description:
          'Needs the TEAM plan (403 TEAM_REQUIRED otherwise). 409 past 50 owned teams or 200 memberships.',
        body: CreateTeamBody,
        response: { 201: Team, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request, reply) => {
        const team = await app.services.teams.create(authOf(request).user, request.body);
        return reply.code(201).send(team);
      },
    });
  }

  for (const { url, hide } of withAliases('/api/v1/teams/:id', '/api/teams/:id')) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'getTeam',
        summary: 'One team with its owner and members',
        description: MEMBERS_ONLY,
        params: TeamParams,
        response: { 200: Team, 401: ErrorBody, 404: ErrorBody },
      },
      config: { auth: { token: 'teams:read' } },
      handler: async (request) => app.services.teams.get(authOf(request).user, request.params.id),
    });

    app.route({
      method: 'PATCH',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'updateTeam',
        summary: "Change the team's policies (owner only): `requireTwoFactor`",
        description: `With \`requireTwoFactor\` on, members without two-step sign-in keep their membership but get 403 TWO_FACTOR_REQUIRED on the team's links (and their analytics) until they turn it on; the change is in the audit log. ${MEMBERS_ONLY}`,
        params: TeamParams,
        body: UpdateTeamBody,
        response: { 200: Team, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request) =>
        app.services.teams.update(authOf(request).user, request.params.id, request.body),
    });

    app.route({
      method: 'DELETE',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'deleteTeam',
        summary: 'Delete a team (owner only)',
        description: `Its memberships go; links shared with it become private links of their authors. ${MEMBERS_ONLY}`,
        params: TeamParams,
        response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request) => {
        await app.services.teams.remove(authOf(request).user, request.params.id);
        return { ok: true as const };
      },
    });
  }

  for (const { url, hide } of withAliases('/api/v1/teams/:id/members', '/api/teams/:id/members')) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'listMembers',
        summary: 'The members of a team: owner, then admins, then members',
        description: MEMBERS_ONLY,
        params: TeamParams,
        response: { 200: TeamMemberList, 401: ErrorBody, 404: ErrorBody },
      },
      config: { auth: { token: 'teams:read' } },
      handler: async (request) =>
        app.services.teams.members(authOf(request).user, request.params.id),
    });

    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'addMember',
        summary: 'Invite a username to the team (owner or admin); the older form of inviteMember',
        description: `Creates an invitation by username, exactly as POST /api/v1/teams/{id}/invitations with {username, role} does, and answers it: nobody becomes a member but by accepting. Roles: admin or member. An unknown username gets the same 201. 409 for an existing member or an open invitation to the same username. ${MEMBERS_ONLY}`,
        params: TeamParams,
        body: InviteByUsernameBody,
        response: {
          201: Invitation,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request, reply) => {
        const invitation = await app.services.invitations.invite(
          authOf(request).user,
          request.params.id,
          request.body,
        );
        return reply.code(201).send(invitation);
      },
    });
  }

  for (const { url, hide } of withAliases(
    '/api/v1/teams/:id/members/:userId',
    '/api/teams/:id/members/:userId',
  )) {
    app.route({
      method: 'PUT',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'updateMember',
        summary: "Change a member's role (owner only)",
        description: `Between admin and member; owner transfers ownership to this member (the old owner becomes an admin): only to someone already a member, anyone else is 404 Member not found. Under a session a transfer needs \`currentPassword\`, or a password (or code) confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password), else 400 on \`currentPassword\`. The owner's own role never changes (403). A demotion revokes the member's pending invitations for roles the new role cannot grant (a member grants none). ${MEMBERS_ONLY}`,
        params: MemberParams,
        body: UpdateMemberBody,
        response: {
          200: TeamMember,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request) => {
        // Handing the team over is a sensitive change: under a session its owner needs a fresh
        // password confirmation (an API token with the scope needs none). Anyone else gets the
        // answer they get without it (403, 404).
        if (
          request.auth &&
          request.body.role === 'OWNER' &&
          request.params.userId !== String(request.auth.user.id) &&
          (await app.services.teams.isOwner(request.auth.user, request.params.id))
        )
          await app.services.auth.requireFreshPassword(
            request.auth,
            request.body.currentPassword,
            clientKey(request.ip),
          );
        return app.services.teams.updateMember(
          authOf(request).user,
          request.params.id,
          request.params.userId,
          request.body,
        );
      },
    });

    app.route({
      method: 'DELETE',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'removeMember',
        summary: 'Remove a member, or leave the team',
        description: `The owner removes anyone else; an admin removes plain members; any member but the owner may remove themselves. The owner is never removed (403). The removed member's links shared with the team become their private links. ${MEMBERS_ONLY}`,
        params: MemberParams,
        response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request) => {
        await app.services.teams.removeMember(
          authOf(request).user,
          request.params.id,
          request.params.userId,
        );
        return { ok: true as const };
      },
    });
  }
}
