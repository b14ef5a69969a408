import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

/** The team messages the screens show. */
export const TEAM_ERRORS = {
  loadTeams: 'Failed to load teams. Please try again later.',
  loadTeam: 'Failed to load team details. Please try again later.',
  loadMembers: 'Failed to load team members. Please try again later.',
  inviteMember: 'Failed to send the invitation. Please try again.',
  loadInvitations: 'Failed to load the invitations. Please try again later.',
  revokeInvitation: 'Failed to revoke the invitation. Please try again.',
  answerInvitation: 'Failed to answer the invitation. Please try again.',
  removeMember: 'Failed to remove the member. Please try again.',
  updateRole: 'Failed to update the role. Please try again.',
  createTeam: 'Failed to create the team. Please try again.',
  deleteTeam: 'Failed to delete the team. Please try again.',
  leaveTeam: 'Failed to leave the team. Please try again.',
} as const;

/** Mirrors the premium flow for the TEAM plan. */
export const TEAM_FEATURE_TITLE = 'Team feature';
export const TEAM_FEATURE_MESSAGE =
  'Creating teams requires a Team subscription. Please upgrade your account to access this feature.';

/** The server's 403 `TEAM_REQUIRED` (creating a team needs the TEAM plan), by its code. */
export function isTeamRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'TEAM_REQUIRED';
}

export function isConflictError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The server's own detail of a 4xx answer, if it sent one. */
export function clientErrorDetail(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail)
    return error.detail;
  return undefined;
}

/**
 * What a failed team action shows: the server's words for a refusal it explains (403 'Admins
 * can only remove members', 409 ...), 'Please sign in to continue.' for 401, and `fallback`
 * (the action's fixed 'Failed to ...' text) for anything else: server errors, network failures.
 */
export function teamActionMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 401 || error.status === 429)
      return errorMessage(error);
    const detail = clientErrorDetail(error);
    if (detail && error.status !== 404) return detail;
  }
  return fallback;
}
