import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import {
  AcceptTokenBody,
  Invitation,
  InvitationList,
  InvitationPreview,
  INVITATION_DECLINE_QUIET_DAYS,
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  InviteBody,
  StopInvitationMailsBody,
  TEAM_PENDING_INVITATIONS_MAX,
} from '@mailtokit/contracts/invitations';
import { TeamMember } from '@mailtokit/contracts/teams';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { withAliases } from '../../lib/routes';
import type { App } from '../../lib/types';

const TeamParams = z.object({
  id: idParam('Team id (a positive integer)'),
});
const TeamInvitationParams = TeamParams.extend({
  invitationId: idParam('Invitation id (a positive integer)'),
});
const InvitationParams = z.object({
  id: idParam('Invitation id (a positive integer)'),
});

const MEMBERS_ONLY =
  'Members of the team only: anyone else gets 404 Team not found, whether or not it exists.';
const OWN_ONLY =
  'Only an open invitation addressed to the caller: an expired, revoked, declined or foreign one is 404 Invitation not found.';

/**
 * Team invitations: the team's side (`/api/v1/teams/{id}/invitations`) and the invitee's
 * (`/api/v1/invitations`). Nobody becomes a member but by accepting one.
 */
export async function invitationRoutes(app: App) {
  const invitations = () => app.services.invitations;

  for (const { url, hide } of withAliases(
    '/api/v1/teams/:id/invitations',
    '/api/teams/:id/invitations',
  )) {
    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'inviteMember',
        summary: 'Invite a username or an email address to the team (owner or admin)',
        description: `The invitee becomes a member only by accepting, within 14 days. Roles: admin or member (admins and the owner alike); ownership moves only to an existing member. An invited username sees the invitation in the app (and by email when they have an address); an invited address gets an email with a one-time link, which this answer's \`url\` also holds (shown only here). An unknown username or address gets the same 201. The email is not sent (the invitation stands) to an address that stopped invitation emails, declined this team in the last ${INVITATION_DECLINE_QUIET_DAYS} days, or already got ${INVITATION_MAILS_PER_ADDRESS_PER_DAY} invitation emails today from any team. A revoked invitation still counts in the inviter's budget. 409 for an existing member, an open invitation to the same username or address, or ${TEAM_PENDING_INVITATIONS_MAX} pending invitations; 429 past the inviter's daily budget. ${MEMBERS_ONLY}`,
        params: TeamParams,
        body: InviteBody,
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
        const invitation = await invitations().invite(
          authOf(request).user,
          request.params.id,
          request.body,
        );
        return reply.code(201).send(invitation);
      },
    });

    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'listTeamInvitations',
        summary: "The team's pending invitations (owner or admin)",
        description: `What the inviter typed (username or address), the role, who invited and when it expires; never the invitee's profile. Members get 403. ${MEMBERS_ONLY}`,
        params: TeamParams,
        response: { 200: InvitationList, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { auth: { token: 'teams:read' } },
      handler: async (request) => invitations().listOfTeam(authOf(request).user, request.params.id),
    });
  }

  for (const { url, hide } of withAliases(
    '/api/v1/teams/:id/invitations/:invitationId',
    '/api/teams/:id/invitations/:invitationId',
  )) {
    app.route({
      method: 'DELETE',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'revokeInvitation',
        summary: 'Revoke a pending invitation (owner or admin)',
        description: `Its link stops working at once. 404 Invitation not found for an unknown, expired or already used one. ${MEMBERS_ONLY}`,
        params: TeamInvitationParams,
        response: {
          204: z.void().meta({ description: 'Revoked' }),
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request, reply) => {
        await invitations().revoke(
          authOf(request).user,
          request.params.id,
          request.params.invitationId,
        );
        return reply.code(204).send();
      },
    });
  }

  for (const { url, hide } of withAliases('/api/v1/invitations', '/api/invitations')) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'listMyInvitations',
        summary: "The caller's pending invitations",
        description:
          'Each with the team name, the inviter, the role and the expiry; nothing about other members.',
        response: { 200: InvitationList, 401: ErrorBody },
      },
      config: { auth: { token: 'teams:read' } },
      handler: async (request) => invitations().mine(authOf(request).user),
    });
  }

  for (const { url, hide } of withAliases(
    '/api/v1/invitations/accept',
    '/api/invitations/accept',
  )) {
    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'acceptInvitationLink',
        summary: "Accept an emailed invitation with its link's token",
        description:
          "The signed-in caller joins the team with the invitation's role; the token is then spent. 404 Invitation not found for an unknown, used, revoked or expired token, or when its inviter can no longer grant its role; 409 when the caller is already a member.",
        body: AcceptTokenBody,
        response: {
          200: TeamMember,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request) =>
        invitations().acceptToken(authOf(request).user, request.body.token),
    });
  }

  for (const { url, hide } of withAliases(
    '/api/v1/invitations/:id/accept',
    '/api/invitations/:id/accept',
  )) {
    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'acceptInvitation',
        summary: 'Accept one of your invitations: you join the team',
        description: `Answers the new membership. Any plan may be a member. 404 also when its inviter can no longer grant its role; 409 when already a member or past the caps of members per team or teams per user. ${OWN_ONLY}`,
        params: InvitationParams,
        response: { 200: TeamMember, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request) => invitations().accept(authOf(request).user, request.params.id),
    });
  }

  for (const { url, hide } of withAliases(
    '/api/v1/invitations/:id/decline',
    '/api/invitations/:id/decline',
  )) {
    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['teams'],
        operationId: 'declineInvitation',
        summary: 'Decline one of your invitations',
        description: `The invitation is deleted; the team sees it no more and sends the caller's address no invitation email for ${INVITATION_DECLINE_QUIET_DAYS} days. ${OWN_ONLY}`,
        params: InvitationParams,
        response: {
          204: z.void().meta({ description: 'Declined' }),
          401: ErrorBody,
          404: ErrorBody,
        },
      },
      config: { auth: { token: 'teams:write' } },
      handler: async (request, reply) => {
        await invitations().decline(authOf(request).user, request.params.id);
        return reply.code(204).send();
      },
    });
  }

  app.route({
    method: 'POST',
    url: '/api/v1/invitations/preview',
    schema: {
      tags: ['teams'],
      operationId: 'previewInvitationLink',
      summary: "The team and the inviter of an emailed invitation link, for the link's page",
      description:
        "No sign-in: the link's token names the invitation. Answers the team's name, the inviter's display name and username, the role and the expiry; nothing about members. 404 Invitation not found for an unknown, used, revoked or expired token.",
      body: AcceptTokenBody,
      response: { 200: InvitationPreview, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => invitations().previewToken(request.body.token),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/invitations/stop',
    schema: {
      tags: ['teams'],
      operationId: 'stopInvitationMails',
      summary: "Stop every invitation email to an address, with its email's one-click link",
      description:
        'No sign-in: the token of the "Stop invitation emails" link that every invitation email carries names the address. From then on no team sends that address an invitation email (invitations by username still show in the app). Again is fine (204); 404 for an unknown or expired link.',
      body: StopInvitationMailsBody,
      response: {
        204: z.void().meta({ description: 'Stopped' }),
        400: ErrorBody,
        404: ErrorBody,
      },
    },
    handler: async (request, reply) => {
      await invitations().stopMails(request.body.token);
      return reply.code(204).send();
    },
  });
}
