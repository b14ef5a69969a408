import { z } from './zod';
import { dateTime, emailAddress, nameText, singleLineText, text, url } from './fields';
import { MESSAGES } from './messages';
import { TEAM_MESSAGES, TEAM_ROLES } from './teams';

/** How long an invitation can be accepted. */
export const INVITATION_TTL_DAYS = 14;
/** Most pending invitations one team may have. */
export const TEAM_PENDING_INVITATIONS_MAX = 100;
/** Invitations one user may send per day (the server's default budget). */
export const INVITATIONS_PER_DAY = 50;
/** Invitation e-mails one address may receive per day, from every team of the service together. */
export const INVITATION_MAILS_PER_ADDRESS_PER_DAY = 3;
/** Days during which a team that an address declined sends it no invitation e-mail. */
export const INVITATION_DECLINE_QUIET_DAYS = 30;

const USERNAME_INPUT_MAX = 64;
const EMAIL_INPUT_MAX = 254;

/** The roles an invitation may carry: ownership moves only to someone already a member. */
export const INVITABLE_ROLES = ['ADMIN', 'MEMBER'] as const;
export const InvitableRole = z.enum(INVITABLE_ROLES);
export type InvitableRole = z.infer<typeof InvitableRole>;

export const INVITATION_MESSAGES = {
  usernameOrEmail: 'Enter a username or an email address',
  notBoth: 'Enter a username or an email address, not both',
  roleNotInvitable:
    'Invite as admin or member; ownership moves only to someone who is already a member',
  notFound: 'Invitation not found',
  alreadyMember: 'This user is already a member of the team',
  alreadyInvited: 'This person already has a pending invitation to the team',
  tooManyPending: `A team can have at most ${TEAM_PENDING_INVITATIONS_MAX} pending invitations`,
  dailyLimit: 'You have sent too many invitations today. Please try again later.',
  sent: 'Invitation sent',
  accepted: (team: string) => `You joined ${team}`,
  declined: 'Invitation declined',
  revoked: 'Invitation revoked',
  stopLinkInvalid: 'This link is not valid. Use the link of a recent invitation email.',
  stopped: 'This address will get no more invitation emails.',
} as const;

/**
 * A role as the client sends it, in either case; OWNER (or anything else) is refused here:
 * an invitation grants admin or member.
 */
const InviteRole = text(TEAM_MESSAGES.roleRequired)
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.roleRequired }).refine((r) => r !== 'OWNER', {
      message: INVITATION_MESSAGES.roleNotInvitable,
    }),
  )
  .transform((r) => r as InvitableRole);

const optionalUsername = nameText(TEAM_MESSAGES.usernameRequired)
  .max(USERNAME_INPUT_MAX, MESSAGES.tooLong(USERNAME_INPUT_MAX))
  .nullish()
  .transform((v) => (v ? v : undefined));

const optionalEmail = singleLineText(MESSAGES.emailInvalid)
  .max(EMAIL_INPUT_MAX, MESSAGES.tooLong(EMAIL_INPUT_MAX))
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .pipe(z.email({ message: MESSAGES.emailInvalid }).optional());

/**
 * `POST /api/v1/teams/{id}/invitations`: a username or an e-mail address (exactly one) and
 * the role to grant on acceptance (admin or member, in either case; member by default).
 */
export const InviteBody = z
  .object({
    username: optionalUsername.optional(),
    email: optionalEmail.optional(),
    role: InviteRole.default('MEMBER'),
  })
  .superRefine((v, ctx) => {
    if (v.username === undefined && v.email === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['username'],
        message: INVITATION_MESSAGES.usernameOrEmail,
      });
    else if (v.username !== undefined && v.email !== undefined)
      ctx.addIssue({ code: 'custom', path: ['email'], message: INVITATION_MESSAGES.notBoth });
  })
  .meta({ id: 'InviteBody' });
export type InviteBody = z.input<typeof InviteBody>;

/**
 * `POST /api/v1/teams/{id}/members` (the older call, kept for its clients): invites by
 * username with the role granted on acceptance.
 */
export const InviteByUsernameBody = z
  .object({
    username: nameText(TEAM_MESSAGES.usernameRequired)
      .min(1, TEAM_MESSAGES.usernameRequired)
      .max(USERNAME_INPUT_MAX, MESSAGES.tooLong(USERNAME_INPUT_MAX)),
    role: InviteRole.default('MEMBER'),
  })
  .meta({ id: 'InviteByUsernameBody' });
export type InviteByUsernameBody = z.input<typeof InviteByUsernameBody>;

/** `POST /api/v1/invitations/accept`: the token of an e-mailed invitation link. */
export const AcceptTokenBody = z
  .object({
    token: singleLineText(INVITATION_MESSAGES.notFound)
      .min(1, INVITATION_MESSAGES.notFound)
      .max(256),
  })
  .meta({ id: 'AcceptTokenBody' });
export type AcceptTokenBody = z.input<typeof AcceptTokenBody>;

/** `POST /api/v1/invitations/stop`: the token of an invitation e-mail's "stop" link. */
export const StopInvitationMailsBody = z
  .object({
    token: singleLineText(INVITATION_MESSAGES.stopLinkInvalid)
      .min(1, INVITATION_MESSAGES.stopLinkInvalid)
      .max(256),
  })
  .meta({ id: 'StopInvitationMailsBody' });
export type StopInvitationMailsBody = z.input<typeof StopInvitationMailsBody>;

/**
 * A pending invitation. `username` or `email` is exactly what the inviter typed (never the
 * invitee's profile: their e-mail, names and avatar stay hidden until they accept). `url`, the
 * link to accept an e-mail invitation, is in the answer that creates it and nowhere else.
 */
export const Invitation = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    teamName: z.string(),
    role: InvitableRole,
    username: z.string().optional(),
    email: emailAddress().optional(),
    invitedBy: z.object({
      id: z.number().int(),
      username: z.string(),
      displayName: z.string().meta({ description: "The inviter's first name, else username" }),
    }),
    createdAt: dateTime(),
    expiresAt: dateTime(),
    status: z.literal('PENDING'),
    url: url().optional(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z.array(Invitation).meta({ id: 'InvitationList' });
export type InvitationList = z.infer<typeof InvitationList>;

/**
 * `POST /api/v1/invitations/preview`: what the page of an e-mailed link shows before anyone
 * signs in: the team and the inviter by name, the role, the expiry and whether the team
 * requires two-step sign-in. Nothing about members.
 */
export const InvitationPreview = z
  .object({
    teamName: z.string(),
    role: InvitableRole,
    invitedBy: z.object({
      username: z.string(),
      displayName: z.string().meta({ description: "The inviter's first name, else username" }),
    }),
    expiresAt: dateTime(),
    requiresTwoFactor: z.boolean().meta({
      description:
        "The team's owner requires two-step sign-in of every member: the team's links open only for members who have it on",
    }),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** The path of the page an e-mailed invitation link opens. */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** The path of the page an invitation e-mail's "stop all invitation e-mails" link opens. */
export const invitationStopPath = (token: string) =>
  `/invitations/stop/${encodeURIComponent(token)}`;
