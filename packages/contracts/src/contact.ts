import { z } from './zod';
import { dateTime, multiLineText, singleLineText, text } from './fields';
import { MESSAGES } from './messages';

export const ContactBody = z
  .object({
    name: singleLineText(MESSAGES.contactNameMin)
      .min(2, MESSAGES.contactNameMin)
      .max(100, MESSAGES.tooLong(100)),
    email: text(MESSAGES.contactEmailInvalid)
      .trim()
      .max(254, MESSAGES.tooLong(254))
      .pipe(z.email({ message: MESSAGES.contactEmailInvalid }))
      .meta({ format: 'email' }),
    subject: singleLineText(MESSAGES.contactSubjectMin)
      .min(5, MESSAGES.contactSubjectMin)
      .max(200, MESSAGES.tooLong(200)),
    message: multiLineText(MESSAGES.contactMessageMin)
      .min(10, MESSAGES.contactMessageMin)
      .max(5000, MESSAGES.tooLong(5000)),
  })
  .meta({ id: 'ContactBody' });
export type ContactBody = z.input<typeof ContactBody>;

export const ContactResponse = z
  .object({ id: z.number().int(), receivedAt: dateTime() })
  .meta({ id: 'ContactResponse' });
export type ContactResponse = z.infer<typeof ContactResponse>;
