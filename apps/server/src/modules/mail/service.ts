/** The mail module's face to the others: the mailer and the messages it sends. */
export { Mailer, type Wait } from './mailer';
export {
  emailChangedMail,
  nameOf,
  passwordChangedMail,
  passwordResetMail,
  teamInvitationMail,
  twoFactorDisabledMail,
} from './templates';
