import { z } from '@mailtokit/contracts/zod';
import { EMAIL_MAX, LoginBody, RegisterBody } from '@mailtokit/contracts/auth';
import { MESSAGES } from '@mailtokit/contracts/messages';
import type { FieldErrors, Validation } from '@/lib/use-light-form';

/** Sign-in form schema: the API's own (messages 'Username or email is required', 'Password is required'). */
export const loginInputSchema = LoginBody;
export type LoginInput = LoginBody;

/**
 * Registration form schema: the API's schema, with the auth page's e-mail message
 * ('Please enter a valid email address').
 */
export const registerInputSchema = RegisterBody.extend({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, MESSAGES.tooLong(EMAIL_MAX))
    .pipe(z.email({ message: MESSAGES.emailInvalidAuthPage })),
});
export type RegisterInput = z.output<typeof registerInputSchema>;

/** The first message of each invalid field, or the parsed values. */
function validateWith<F extends string, T>(
  schema: z.ZodType<T>,
  values: Record<F, string>,
): Validation<F, T> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export type LoginField = 'username' | 'password';
export type RegisterField = 'firstName' | 'lastName' | 'username' | 'email' | 'password';

export const validateLogin = (values: Record<LoginField, string>) =>
  validateWith<LoginField, LoginInput>(loginInputSchema, values);

export const validateRegister = (values: Record<RegisterField, string>) =>
  validateWith<RegisterField, RegisterInput>(registerInputSchema, values);
