import { parseAddressList } from './address';
import { buildMailto } from './build';
import type { MailtoFields } from './types';

/**
 * A link as the API stores it: address lists as comma-separated text, empty fields as null
 * (or left out).
 */
export interface StoredMailtoFields {
  to: string;
  cc?: string | null;
  bcc?: string | null;
  subject?: string | null;
  body?: string | null;
}

/**
 * The encoded mailto: URL of a stored link. The server's `mailtoUrl`, the tracking redirect
 * and the web app's link form all build it here, so every client opens and copies the same,
 * correctly encoded link.
 */
export function mailtoOfStored(link: StoredMailtoFields): string {
  return buildMailto(fieldsOfStored(link));
}

/** The fields of a stored link, address lists split: what every URL builder here takes. */
export function fieldsOfStored(link: StoredMailtoFields): MailtoFields {
  return {
    to: parseAddressList(link.to),
    cc: parseAddressList(link.cc ?? ''),
    bcc: parseAddressList(link.bcc ?? ''),
    subject: link.subject ?? '',
    body: link.body ?? '',
  };
}
