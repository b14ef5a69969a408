/**
 * @mailtokit/mailto: build, parse and validate RFC 6068 mailto: links.
 * Pure TypeScript, no runtime dependencies. See README.md for the encoding choices.
 */
export type { MailtoFields, MailtoInput, ParsedMailto } from './types';
export { buildMailto } from './build';
export { parseMailto, MailtoParseError } from './parse';
export {
  MESSAGES,
  isValidEmail,
  normalizeAddressList,
  parseAddressList,
  validateAddressList,
} from './address';
export type { AddressListValidationOptions } from './address';
export { buildAnchorSnippet, escapeHtml, DEFAULT_ANCHOR_TEXT } from './anchor';
export {
  gmailComposeUrl,
  outlookComComposeUrl,
  outlookComposeUrl,
  yahooComposeUrl,
} from './compose';
export { MAILTO_LENGTH_WARN, checkLength } from './length';
export type { LengthCheck } from './length';
export { fieldsOfStored, mailtoOfStored } from './stored';
export type { StoredMailtoFields } from './stored';
