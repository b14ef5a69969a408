import { useMutation } from '@tanstack/react-query';
import type { StopInvitationMailsBody } from '@mailtokit/contracts/invitations';
import { api } from '@/lib/api-client';

/** No invitation e-mail goes to the address the link's token names any more (no sign-in). */
export function stopInvitationMails(token: string): Promise<unknown> {
  const body: StopInvitationMailsBody = { token };
  return api.post('/api/v1/invitations/stop', { body });
}

export function useStopInvitationMails() {
  return useMutation({ mutationFn: stopInvitationMails });
}
