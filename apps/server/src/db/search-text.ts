/**
 * What the saved-links search compares against: the name, recipients, subject and tag names of
 * a link, one per line, in Unicode lower case (NFC first, so that a composed and a decomposed `é`
 * match). A search text goes through `foldSearch` the same way.
 */
export function searchTextOf(
  link: {
    name: string;
    to: string;
    cc: string | null;
    bcc: string | null;
    subject: string | null;
  },
  tags: readonly string[] = [],
): string {
  return foldSearch(
    [link.name, link.to, link.cc ?? '', link.bcc ?? '', link.subject ?? '', ...tags].join('\n'),
  );
}

export function foldSearch(text: string): string {
  return text.normalize('NFC').toLowerCase();
}
