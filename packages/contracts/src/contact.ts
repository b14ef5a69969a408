import { z } from './zod';
import { text } from './fields';
import { MESSAGES } from './messages';

export const ContactBody = z
  .object({
    name: text(MESSAGES.contactNameMin)
      .trim()
      .min(2, MESSAGES.contactNameMin)
      .max(100, MESSAGES.tooLong(100)),
    email: text(MESSAGES.contactEmailInvalid)
      .trim()
      .max(254, MESSAGES.tooLong(254))
      .pipe(z.email({ message: MESSAGES.contactEmailInvalid })),
    subject: text(MESSAGES.contactSubjectMin)
      .trim()
      .min(5, MESSAGES.contactSubjectMin)
      .max(200, MESSAGES.tooLong(200)),
    message: text(MESSAGES.contactMessageMin)
      .trim()
      .min(10, MESSAGES.contactMessageMin)
      .max(5000, MESSAGES.tooLong(5000)),
  })
  .meta({ id: 'ContactBody' });
export type ContactBody = z.input<typeof ContactBody>;

export const ContactResponse = z
  .object({ id: z.number().int(), receivedAt: z.string() })
  .meta({ id: 'ContactResponse' });
export type ContactResponse = z.infer<typeof ContactResponse>;
