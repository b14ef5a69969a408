// A realistic account, made through the HTTP API of a running server: used by the layout spec
// and by `npm run screenshots` (scripts/screenshots.ts). The test kit's calls (plain fetch), so
// it runs outside Playwright's test runner too.
import http from 'node:http';
import { api, signIn, signUp } from '@mailtokit/test-kit/api';

export interface SeedUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface SeededAccount {
  /** Owns the team and the links (TEAM plan). */
  owner: SeedUser;
  /** A member of the team (PREMIUM plan). */
  member: SeedUser;
  teamId: number;
  teamName: string;
  /** The link with a tracking link and clicks. */
  trackedLinkId: number;
  trackedLinkName: string;
  linkCount: number;
}

export interface SeedOptions {
  baseUrl: string;
  /** Makes usernames unique on a shared server (letters and digits). */
  suffix: string;
  /** Saved links of the owner (55 by default). */
  links?: number;
  /** Clicks on the tracking link, each from another browser. */
  clicks?: number;
  /** Gives a user a plan (the admin CLI); not needed when new accounts get TEAM already. */
  setTier?: (username: string, tier: 'PREMIUM' | 'TEAM') => void | Promise<void>;
}

const PASSWORD = 'correct horse battery staple';

/** Long enough to test every place a team name is shown (100 characters is the cap). */
export const LONG_TEAM_NAME =
  'Customer Success and Partner Enablement for Europe, the Middle East and Africa';

const LINK_NAMES = [
  'Speaker invitation for the annual partner summit keynote and the workshop afternoon',
  'Newsletter feedback',
  'Support request — billing',
  'Press enquiries',
  'Event registration: Berlin meetup',
  'Job application (design)',
  'Order problem',
  'Partnership proposal',
  'Beta programme sign-up',
  'Webinar follow-up',
  'Refund request',
  'Product feedback',
];

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

/** A GET as a browser's navigation sends it; the redirect is not followed. */
function navigate(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** A signed-in user's JSON calls (the kit's `api` with the session's bearer token). */
function callsAs(baseUrl: string, token: string) {
  return <T>(method: string, path: string, body?: unknown, expect = 201): Promise<T> =>
    api<T>(baseUrl, method, path, { token, body, expect });
}

/**
 * Two users (an owner on TEAM, a member on PREMIUM), a team with a long name that both belong
 * to, `links` saved links (every fifth shared with the team, names long and short), and a
 * tracking link with clicks from several browsers.
 */
export async function seedAccount(options: SeedOptions): Promise<SeededAccount> {
  const { baseUrl, suffix, links = 55, clicks = 14, setTier } = options;
  const owner: SeedUser = {
    username: `alexandra_${suffix}`,
    password: PASSWORD,
    firstName: 'Alexandra',
    lastName: 'Montgomery-Featherstonehaugh',
  };
  const member: SeedUser = {
    username: `sam_${suffix}`,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Okafor',
  };
  await signUp(baseUrl, { ...owner, email: `${owner.username}@example.com` });
  await signUp(baseUrl, { ...member, email: `${member.username}@example.org` });
  await setTier?.(owner.username, 'TEAM');
  await setTier?.(member.username, 'PREMIUM');
  const asOwner = callsAs(baseUrl, (await signIn(baseUrl, owner.username, owner.password)).token);
  const asMember = callsAs(
    baseUrl,
    (await signIn(baseUrl, member.username, member.password)).token,
  );

  const team = await asOwner<{ id: number; name: string }>('POST', '/api/v1/teams/', {
    name: LONG_TEAM_NAME,
    description:
      'Mailto links for partner programmes, support escalations and events across the region.',
  });
  const invitation = await asOwner<{ id: number }>('POST', `/api/v1/teams/${team.id}/invitations`, {
    username: member.username,
    role: 'member',
  });
  await asMember('POST', `/api/v1/invitations/${invitation.id}/accept`, undefined, 200);

  let trackedLinkId = 0;
  let trackedLinkName = '';
  for (let i = 0; i < links; i++) {
    const name = LINK_NAMES[i % LINK_NAMES.length]! + (i < LINK_NAMES.length ? '' : ` ${i + 1}`);
    const link = await asOwner<{ id: number }>('POST', '/api/v1/mailto-links/', {
      name,
      to:
        i % 3 === 0
          ? 'events@example.com, partners@example.com, emea.enablement@example.com'
          : `hello${i}@example.com`,
      cc: i % 4 === 0 ? 'team-lead@example.com' : undefined,
      subject:
        i === 0
          ? 'Invitation: keynote and workshop at the partner summit in Lisbon, 12–14 March'
          : `${name} — question`,
      body: 'Hello,\n\nI would like to ask about…\n\nKind regards',
      teamId: i % 5 === 0 ? team.id : undefined,
    });
    if (i === 0) {
      trackedLinkId = link.id;
      trackedLinkName = name;
    }
  }

  const tracking = await asOwner<{ slug: string }>('POST', '/api/v1/tracking', {
    mailtoLinkId: trackedLinkId,
    label: 'Partner newsletter, March issue',
  });
  // node:http, not fetch: fetch sends its own Sec-Fetch-Mode (cors), which a browser's click
  // never does, and the click would be left out as a bot's.
  for (let i = 0; i < clicks; i++) {
    const status = await navigate(new URL(`/t/${tracking.slug}`, baseUrl), {
      'user-agent': BROWSERS[i % BROWSERS.length]!,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-GB,en;q=0.9',
      referer: i % 2 === 0 ? 'https://mail.example.net/' : 'https://www.example.org/news',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    if (status >= 400) throw new Error(`click ${i + 1}: ${status}`);
  }

  return {
    owner,
    member,
    teamId: team.id,
    teamName: team.name,
    trackedLinkId,
    trackedLinkName,
    linkCount: links,
  };
}
