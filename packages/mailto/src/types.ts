/** The fields of a mailto: link, as the generator and the link form edit them. */
export interface MailtoFields {
  /** Primary recipients. Written in the path of the URI, comma-separated. */
  to: string[];
  /** Carbon-copy recipients. */
  cc: string[];
  /** Blind carbon-copy recipients. */
  bcc: string[];
  /** Subject line. */
  subject: string;
  /** Message body; line breaks as `\n` (any kind of line break is accepted). */
  body: string;
}

/**
 * Input accepted by the builders: any field may be left out (or `undefined`) and counts as
 * empty. A full {@link MailtoFields} object is always a valid input.
 */
export type MailtoInput = { [K in keyof MailtoFields]?: MailtoFields[K] | undefined };

/** The result of {@link parseMailto}: the known fields plus every other header field. */
export type ParsedMailto = MailtoFields & {
  /**
   * Every header field other than to, cc, bcc, subject and body, e.g. `In-Reply-To`.
   * Keys are the decoded names as first written in the link (case preserved); values are
   * decoded with line breaks as `\n`.
   */
  headers: Record<string, string>;
};
