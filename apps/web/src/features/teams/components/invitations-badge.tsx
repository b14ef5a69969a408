import { useMyInvitations } from '../api/get-my-invitations';

/** The number of the caller's pending invitations, for the Teams tab; nothing when none. */
export function InvitationsBadge() {
  const { data } = useMyInvitations();
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span
      data-testid="invitations-badge"
      className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground"
    >
      {count}
      <span className="sr-only"> pending {count === 1 ? 'invitation' : 'invitations'}</span>
    </span>
  );
}
