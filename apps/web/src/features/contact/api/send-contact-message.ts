import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ContactBody, ContactResponse } from '@mailtokit/contracts/contact';
import { api } from '@/lib/api-client';

/** Contact form schema: name ≥ 2, valid e-mail, subject ≥ 5, message ≥ 10. */
export const contactInputSchema = ContactBody;
export type ContactFormValues = z.input<typeof ContactBody>;
export type ContactInput = z.output<typeof ContactBody>;

/** Stores the message for the MailtoKit team (rate limited per IP). */
export function sendContactMessage(input: ContactInput): Promise<ContactResponse> {
  return api.post('/api/v1/contact', { body: input, schema: ContactResponse });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
