/**
 * Every user-facing validation message, in one place.
 * Forms (web) and request validation (server) both read from here.
 */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  /** Sign-in takes a username or an e-mail address in one field. */
  loginRequired: 'Username or email is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 32 characters',
  usernameChars: 'Username may only contain letters, numbers, dots, dashes and underscores',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  emailInvalid: 'Must be a valid email address',
  emailInvalidAuthPage: 'Please enter a valid email address',
  nameMax: 'Must be at most 64 characters',
  currentPasswordRequired: 'Current password is required',
  passwordsDontMatch: "Passwords don't match",
  contactNameMin: 'Name must be at least 2 characters long',
  contactEmailInvalid: 'Please enter a valid email address',
  contactSubjectMin: 'Subject must be at least 5 characters long',
  contactMessageMin: 'Message must be at least 10 characters long',
  genericValidation: 'Please check your input and try again.',
  controlCharacters: 'Must not contain control characters',
  singleLine: 'Must be a single line without tabs',
  invalidUnicode: 'Contains a broken character (an unpaired surrogate)',
  directionControls: 'Must not contain text direction control characters',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;
