/**
 * The texts of the chooser page in one language. One file per language next to this one
 * (`en.ts`, `de.ts`, ...): a translator edits the strings and nothing else.
 */
export interface ChooserText {
  /** The page title and heading. */
  title: string;
  /** Above the message at a glance. */
  intro: string;
  /** Label of the recipients line. */
  to: string;
  /** Label of the subject line. */
  subject: string;
  /** Heading of the list of ways to write. */
  choose: string;
  /** The device's own mail app (the `mailto:` link). */
  mailApp: string;
  gmail: string;
  outlook: string;
  yahoo: string;
  copyAddress: string;
  copyMessage: string;
  /** Shown on a copy button once its text is on the clipboard. */
  copied: string;
}
