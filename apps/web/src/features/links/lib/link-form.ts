import type { LinkBody, LinkInput, MailtoLink } from '@mailtokit/contracts/links';
import { mailtoOfStored } from '@mailtokit/mailto';

/** The link form as edited. */
export interface LinkFormValues {
  name: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  /** Team the link is shared with; null = private. */
  teamId: number | null;
  /** True exactly when a team is chosen. */
  isShared: boolean;
  /**
   * Tag names; undefined when the signed-in user may not change them (someone else's link):
   * the update then leaves the link's tags as they are.
   */
  tags?: string[];
}

export const EMPTY_LINK_FORM: LinkFormValues = {
  name: '',
  to: '',
  cc: '',
  bcc: '',
  subject: '',
  body: '',
  teamId: null,
  isShared: false,
  tags: [],
};

/**
 * Edit mode: the stored link in the form. Its tags are in it only for its author, the one who
 * may change them.
 */
export function linkToFormValues(link: MailtoLink, mayTag = true): LinkFormValues {
  return {
    name: link.name,
    to: link.to,
    cc: link.cc ?? '',
    bcc: link.bcc ?? '',
    subject: link.subject ?? '',
    body: link.body ?? '',
    teamId: link.teamId,
    isShared: link.teamId !== null,
    tags: mayTag ? link.tags.map((t) => t.name) : undefined,
  };
}

/**
 * What is sent to the API (values trimmed, empty optionals left out). The
 * validated input is already trimmed and normalised; isShared follows the team; tags are sent
 * when the form holds them (left out, the server keeps the link's tags).
 */
export function linkPayload(input: LinkInput): LinkBody {
  const payload: LinkBody = { name: input.name, to: input.to, isShared: input.teamId !== null };
  if (input.cc) payload.cc = input.cc;
  if (input.bcc) payload.bcc = input.bcc;
  if (input.subject) payload.subject = input.subject;
  if (input.body) payload.body = input.body;
  if (input.teamId !== null) payload.teamId = input.teamId;
  if (input.tags !== undefined) payload.tags = input.tags;
  return payload;
}

/** The live preview under the form: the link the saved values will produce (trimmed like the API). */
export function previewHref(values: LinkFormValues): string {
  return mailtoOfStored({
    to: values.to,
    cc: values.cc,
    bcc: values.bcc,
    subject: values.subject.trim(),
    body: values.body.trim(),
  });
}

/** Value of the team <select>: '' = Keep private. */
export const PRIVATE_OPTION = '';

export function teamSelectValue(teamId: number | null): string {
  return teamId === null ? PRIVATE_OPTION : String(teamId);
}

/** Choosing a team shares the link with it; 'Keep private' clears both. */
export function teamChoice(value: string): Pick<LinkFormValues, 'teamId' | 'isShared'> {
  const id = Number(value);
  if (value === PRIVATE_OPTION || !Number.isInteger(id) || id < 1)
    return { teamId: null, isShared: false };
  return { teamId: id, isShared: true };
}

/** The fields a new link's address may prefill (`/dashboard/create-link?to=…&subject=…`). */
const PREFILLED = ['name', 'to', 'cc', 'bcc', 'subject', 'body'] as const;

/**
 * A new link's form, prefilled from the address: what the generator's "Save link" (and "Sign
 * up to save", through registration and sign-in) carries over. Unknown parameters are ignored.
 */
export function prefilledLinkForm(params: URLSearchParams): LinkFormValues {
  const values: LinkFormValues = { ...EMPTY_LINK_FORM, tags: [] };
  for (const key of PREFILLED) {
    const value = params.get(key);
    if (value !== null) values[key] = value;
  }
  // "New link" on a team's page: that team is chosen (the form lists only the user's teams).
  const team = /^[1-9]\d{0,9}$/.exec(params.get('teamId') ?? '');
  if (team) {
    values.teamId = Number(team[0]);
    values.isShared = true;
  }
  return values;
}

/**
 * Where the link form goes back to (Cancel, and after a save): `?return=` when it names a page
 * of this site (a team's page opened it), else the dashboard.
 */
export function linkFormReturnPath(params: URLSearchParams): string {
  const to = params.get('return') ?? '';
  return /^\/(?![/\\])[^\s]*$/.test(to) ? to : '/dashboard';
}
