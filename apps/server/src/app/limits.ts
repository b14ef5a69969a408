import { EXPORTS_THROTTLED } from '@mailtokit/contracts/account';
import { INVITATION_MESSAGES } from '@mailtokit/contracts/invitations';
import type { Config } from '../config';
import type { LimitRule } from '../lib/limiter';
import { CODES_THROTTLED } from '@mailtokit/contracts/auth';
import { LOGIN_THROTTLED, PASSWORD_THROTTLED } from '../modules/auth/service';
import { SECOND_FACTOR_PAIR_LIMIT, SECOND_FACTOR_USER_LIMIT } from '../modules/auth/two-factor';
import { INVITATION_MAILS_LIMIT, INVITATIONS_LIMIT } from '../modules/teams/invitations';
import { EMAIL_CHANGES_THROTTLED } from '../modules/users/service';

/** The limits every instance shares (through the database); modules may define more. */
export function limitRules(config: Config): Record<string, LimitRule> {
  const { limits } = config;
  const signIn = { detail: LOGIN_THROTTLED };
  const ceiling = { durationMs: limits.loginCeilingWindowMs, ...signIn };
  return {
    loginIp: { points: limits.loginFailuresPerIp, ...ceiling },
    loginPair: {
      points: limits.loginFailuresPerUserAndIp,
      durationMs: limits.loginWindowMs,
      ...signIn,
    },
    loginUser: { points: limits.loginFailuresPerUser, ...ceiling },
    // A browser that signed in to the account before: its own failures, not the account's.
    loginDevice: {
      points: limits.loginFailuresPerUserAndIp,
      durationMs: limits.loginWindowMs,
      ...signIn,
    },
    passwordChange: {
      points: limits.loginFailuresPerUserAndIp,
      durationMs: limits.loginWindowMs,
      detail: PASSWORD_THROTTLED,
    },
    // Wrong two-step codes (authenticator or recovery codes): as few as wrong passwords.
    [SECOND_FACTOR_PAIR_LIMIT]: {
      points: limits.loginFailuresPerUserAndIp,
      durationMs: limits.loginWindowMs,
      detail: CODES_THROTTLED,
    },
    [SECOND_FACTOR_USER_LIMIT]: {
      points: limits.loginFailuresPerUser,
      durationMs: limits.loginWindowMs,
      detail: CODES_THROTTLED,
    },
    passwordResetConfirm: {
      points: limits.passwordResetConfirmsPerIp,
      durationMs: limits.loginWindowMs,
    },
    emailChange: {
      points: limits.emailChangesPerHour,
      durationMs: 60 * 60_000,
      detail: EMAIL_CHANGES_THROTTLED,
    },
    register: { points: limits.registrationsPerHour, durationMs: 60 * 60_000 },
    contact: { points: limits.contactPerHour, durationMs: 60 * 60_000 },
    passwordReset: { points: limits.passwordResetsPerHour, durationMs: 60 * 60_000 },
    [INVITATIONS_LIMIT]: {
      points: limits.invitationsPerDay,
      durationMs: 24 * 60 * 60_000,
      detail: INVITATION_MESSAGES.dailyLimit,
    },
    [INVITATION_MAILS_LIMIT]: {
      points: limits.invitationMailsPerAddressPerDay,
      durationMs: 24 * 60 * 60_000,
    },
    accountExport: {
      points: limits.accountExportsPerHour,
      durationMs: 60 * 60_000,
      detail: EXPORTS_THROTTLED,
    },
  };
}
