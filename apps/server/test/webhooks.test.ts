import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildLink,
  createLink,
  createTeam,
  createTestApp,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';
import { closedPort, startReceiver, verifySignature, waitFor } from './receiver';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, retryBaseMs: 40 } } });
  owner = await signUpAs(t, 'PREMIUM');
});
afterAll(async () => t.close());

type Hook = { id: number; secret: string; enabled: boolean; mailtoLinkIds: number[] | null };
type Delivery = {
  id: number;
  eventId: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
};

async function createWebhook(who: SignedIn, body: Record<string, unknown>): Promise<Hook> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: who.headers,
    payload: { currentPassword: who.password, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function trackingSlug(who: SignedIn, linkId: number, label = 'newsletter') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: who.headers,
    payload: { mailtoLinkId: linkId, label },
  });
  if (res.statusCode !== 201) throw new Error(`tracking: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; slug: string }>();
}

/**
 * Clicks come from a new client each (the same visitor again within seconds is a repeat): an
 * IPv6 address in a /64 of its own, since clients are told apart by their /64.
 */
let clicker = 0;
const click = (slug: string, ua = CHROME, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({
    method,
    url: `/t/${slug}`,
    headers: {
      'user-agent': ua,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-GB,en;q=0.9',
      referer: 'https://news.example.org/issue/3',
    },
    remoteAddress: `2001:db8:${(clicker += 1).toString(16)}::1`,
  });

async function deliveries(who: SignedIn, hookId: number): Promise<Delivery[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/webhooks/${hookId}/deliveries`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A webhook's deliveries as stored, once the events queued so far are written out. */
const pendingRows = async (hookId: number) => {
  await t.app.webhookWorker.writeOutQueued();
  return t.db.kysely
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', hookId)
    .execute();
};

describe(`webhooks: management (${dialect})`, () => {
  it('is for PREMIUM and TEAM plans; shows the whsec_ secret once', async () => {
    const free = await signUpAs(t, 'FREE');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: free.headers,
      payload: { url: 'https://93.184.215.14/hook' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });

    const hook = await createWebhook(owner, { url: 'https://93.184.215.14/hook' });
    expect(hook).toMatchObject({ events: ['link.clicked'], mailtoLinkIds: null, enabled: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks',
      headers: owner.headers,
    });
    expect(list.body).not.toContain(hook.secret);
    expect(list.json<Hook[]>().map((h) => h.id)).toContain(hook.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${hook.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
  });

  it('validates the URL, events and links; a link the caller cannot read is 404', async () => {
    for (const payload of [
      {},
      { url: 'ftp://93.184.215.14/x' },
      { url: 'not a url' },
      { url: 'https://93.184.215.14/x', events: ['link.deleted'] },
      { url: 'https://93.184.215.14/x', events: [] },
      { url: 'https://93.184.215.14/x', mailtoLinkIds: [] },
      { url: 'https://93.184.215.14/x', mailtoLinkIds: ['a'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const stranger = await signUpAs(t, 'PREMIUM');
    const theirLink = await createLink(t.app, stranger.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.headers,
      payload: {
        url: 'https://93.184.215.14/x',
        mailtoLinkIds: [theirLink.id],
        currentPassword: owner.password,
      },
    });
    expect(res.statusCode).toBe(404);
  });

  it("answers 404 for another user's webhook, and needs webhooks:write on a token", async () => {
    const hook = await createWebhook(owner, { url: 'https://93.184.215.14/mine' });
    const other = await signUpAs(t, 'PREMIUM');
    for (const [method, url] of [
      ['DELETE', `/api/v1/webhooks/${hook.id}`],
      ['GET', `/api/v1/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${hook.id}/test`],
      ['DELETE', '/api/v1/webhooks/99999999'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mint = async (scopes: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/tokens',
          headers: owner.headers,
          payload: { name: 'hooks', scopes, currentPassword: owner.password },
        })
      ).json<{ token: string }>().token;
    const writer = await mint(['webhooks:write']);
    const reader = await mint(['links:read', 'links:write', 'analytics:read']);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${writer}` },
    });
    expect(ok.statusCode).toBe(200);
    const no = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${reader}` },
      payload: { url: 'https://93.184.215.14/x' },
    });
    expect(no.statusCode).toBe(403);
    expect(no.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(no.json<{ detail: string }>().detail).toContain('webhooks:write');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${hook.id}`,
      headers: { authorization: `Bearer ${writer}` },
    });
    expect(gone.statusCode).toBe(204);
  });
});

describe(`webhooks: delivery (${dialect})`, () => {
  it('POSTs each human click, signed, with the event fields and never the IP', async () => {
    const receiver = await startReceiver([200]);
    try {
      const link = await createLink(t.app, owner.headers);
      const { slug, id: trackingLinkId } = await trackingSlug(owner, link.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [link.id] });

      expect((await click(slug)).statusCode).toBe(302);
      await waitFor(() => receiver.received.length === 1);
      const [got] = receiver.received;
      expect(got!.headers['mailtokit-event']).toBe('link.clicked');
      expect(got!.headers['content-type']).toBe('application/json');
      const sig = String(got!.headers['mailtokit-signature']);
      expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(hook.secret, sig, got!.body)).toBe(true);
      expect(verifySignature('whsec_wrong', sig, got!.body)).toBe(false);
      expect(Math.abs(Number(sig.slice(2, sig.indexOf(','))) - Date.now() / 1000)).toBeLessThan(60);

      const event = JSON.parse(got!.body);
      expect(event).toEqual({
        id: got!.headers['mailtokit-delivery'],
        type: 'link.clicked',
        createdAt: expect.any(String),
        data: {
          mailtoLinkId: link.id,
          trackingLinkId,
          slug,
          label: 'newsletter',
          referrerHost: 'news.example.org',
          browser: 'Chrome',
          os: 'Windows',
          device: 'desktop',
          // A documentation address lies in no country.
          country: null,
          source: 'link',
        },
      });
      expect(typeof event.id).toBe('string');
      expect(got!.body).not.toContain('203.0.113.9');
      expect(got!.body).not.toMatch(/[0-9a-f]{64}/);

      await waitFor(async () => (await deliveries(owner, hook.id))[0]?.status === 'succeeded');
      expect((await deliveries(owner, hook.id))[0]).toMatchObject({
        eventId: event.id,
        event: 'link.clicked',
        attempts: 1,
        responseStatus: 200,
        error: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('stays silent for bots, HEAD requests and links the webhook does not cover', async () => {
    const receiver = await startReceiver([200]);
    try {
      const covered = await createLink(t.app, owner.headers);
      const other = await createLink(t.app, owner.headers);
      const a = await trackingSlug(owner, covered.id);
      const b = await trackingSlug(owner, other.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [covered.id] });

      expect((await click(a.slug, GOOGLEBOT)).statusCode).toBe(302);
      expect((await click(a.slug, CHROME, 'HEAD')).statusCode).toBe(302);
      expect((await click(b.slug)).statusCode).toBe(302);
      expect(await pendingRows(hook.id)).toHaveLength(0);

      // A human click on the covered link still arrives, alone.
      await click(a.slug);
      await waitFor(() => receiver.received.length === 1);
      expect(JSON.parse(receiver.received[0]!.body).data.trackingLinkId).toBe(a.id);
      await t.app.webhookWorker.runOnce();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends no event for email scanners, link previews, prefetches or repeats', async () => {
    const receiver = await startReceiver([200]);
    try {
      const link = await createLink(t.app, owner.headers);
      const a = await trackingSlug(owner, link.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [link.id] });
      const browser = {
        'user-agent': CHROME,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'accept-language': 'en-GB,en;q=0.9',
      };
      const hit = (headers: Record<string, string>, remoteAddress = '198.51.100.200') =>
        t.app.inject({ method: 'GET', url: `/t/${a.slug}`, headers, remoteAddress });

      // One person's click: the only event.
      expect((await hit(browser)).statusCode).toBe(302);
      await waitFor(() => receiver.received.length === 1);
      const filtered: Record<string, string>[] = [
        { 'user-agent': 'Microsoft Defender for Office 365 Safe Links', accept: '*/*' },
        { 'user-agent': 'Proofpoint URL Defense/3.0' },
        { 'user-agent': CHROME, accept: '*/*' },
        { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
        { ...browser, 'sec-purpose': 'prefetch' },
        browser, // the same visitor again within seconds
      ];
      for (const headers of filtered) expect((await hit(headers)).statusCode).toBe(302);
      // At most the person's delivery is stored (it may be gone once delivered): none other.
      expect((await pendingRows(hook.id)).length).toBeLessThanOrEqual(1);
      await t.app.webhookWorker.runOnce();
      expect(receiver.received).toHaveLength(1);
      const stored = await t.db.kysely
        .selectFrom('clicks')
        .select('classification')
        .where('tracking_link_id', '=', a.id)
        .orderBy('id')
        .execute();
      expect(stored.map((c) => c.classification)).toEqual([
        'human',
        'scanner',
        'scanner',
        'scanner',
        'preview',
        'prefetch',
        'repeat',
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('reports a listed team link only while its owner may read it (shared with a team they are in)', async () => {
    const receiver = await startReceiver([200]);
    try {
      const lead = await signUpAs(t, 'TEAM');
      const watcher = await signUpAs(t, 'PREMIUM');
      const team = await createTeam(t.app, lead);
      await addMember(t.app, lead, team.id, watcher);
      const kept = await createLink(t.app, lead.headers, { teamId: team.id });
      const unshared = await createLink(t.app, lead.headers, { teamId: team.id });
      const a = await trackingSlug(lead, kept.id);
      const b = await trackingSlug(lead, unshared.id);
      const hook = await createWebhook(watcher, {
        url: receiver.url,
        mailtoLinkIds: [kept.id, unshared.id],
      });
      const reported = async () =>
        (await pendingRows(hook.id))
          .sort((x, y) => x.id - y.id)
          .map((r) => JSON.parse(r.payload).data.trackingLinkId);

      await click(a.slug);
      await click(b.slug);
      expect(await reported()).toEqual([a.id, b.id]);

      // The link goes back to being its author's private link: no more events of it.
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/mailto-links/${unshared.id}`,
        headers: lead.headers,
        payload: buildLink({ teamId: null }),
      });
      expect(put.statusCode).toBe(200);
      await click(b.slug);
      await click(a.slug);
      expect(await reported()).toEqual([a.id, b.id, a.id]);

      // The webhook's owner leaves the team: the shared link is out of their reach too.
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/teams/${team.id}/members/${watcher.user.id}`,
        headers: lead.headers,
      });
      expect(removed.statusCode).toBe(200);
      await click(a.slug);
      await click(b.slug);
      expect(await reported()).toEqual([a.id, b.id, a.id]);

      await waitFor(() => receiver.received.length === 3);
      await t.app.webhookWorker.runOnce();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received.map((r) => JSON.parse(r.body).data.mailtoLinkId).sort()).toEqual(
        [kept.id, kept.id, unshared.id].sort(),
      );
    } finally {
      await receiver.close();
    }
  });

  it('covers every link of the owner when no list is given (later ones too)', async () => {
    const receiver = await startReceiver([200]);
    try {
      const hook = await createWebhook(owner, { url: receiver.url });
      const link = await createLink(t.app, owner.headers);
      const { slug } = await trackingSlug(owner, link.id);
      await click(slug);
      await waitFor(() => receiver.received.length >= 1);
      expect(JSON.parse(receiver.received[0]!.body).data.mailtoLinkId).toBe(link.id);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: owner.headers,
      });
    } finally {
      await receiver.close();
    }
  });

  it('pauses the webhooks of an owner whose plan no longer includes them, and resumes them after', async () => {
    const receiver = await startReceiver([200]);
    try {
      const payer = await signUpAs(t, 'PREMIUM');
      const link = await createLink(t.app, payer.headers);
      const { slug } = await trackingSlug(payer, link.id);
      const hook = await createWebhook(payer, { url: receiver.url, mailtoLinkIds: [link.id] });
      const listed = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/webhooks',
          headers: payer.headers,
        });
        expect(res.statusCode).toBe(200);
        return res.json<(Hook & { pausedByPlan: boolean })[]>().find((h) => h.id === hook.id);
      };
      expect(await listed()).toMatchObject({ enabled: true, pausedByPlan: false });
      await click(slug);
      await waitFor(() => receiver.received.length === 1);

      // Downgraded to FREE (as `npm run admin -- set-tier <user> FREE` does).
      await t.app.services.users.setTier(payer.user.username, 'FREE');
      expect(await listed()).toMatchObject({ enabled: true, pausedByPlan: true });
      expect((await click(slug)).statusCode).toBe(302);
      expect(await pendingRows(hook.id)).toHaveLength(1);
      // Still theirs to read and delete, not to test or enable.
      expect(await deliveries(payer, hook.id)).toHaveLength(1);
      for (const [method, url, payload] of [
        ['POST', `/api/v1/webhooks/${hook.id}/test`, undefined],
        ['PATCH', `/api/v1/webhooks/${hook.id}`, { enabled: true }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: payer.headers, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
      }

      // A PREMIUM subscription that has ended counts as FREE too.
      await t.app.services.users.setTier(payer.user.username, 'PREMIUM');
      await t.db.kysely
        .updateTable('users')
        .set({ subscription_expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', payer.user.id)
        .execute();
      expect(await listed()).toMatchObject({ pausedByPlan: true });
      await click(slug);
      expect(await pendingRows(hook.id)).toHaveLength(1);

      // Back on a plan with webhooks: clicks are reported again.
      await t.app.services.users.setTier(payer.user.username, 'TEAM');
      expect(await listed()).toMatchObject({ pausedByPlan: false });
      await click(slug);
      await waitFor(() => receiver.received.length === 2);
      await t.app.webhookWorker.runOnce();
      expect(receiver.received).toHaveLength(2);
      expect(await pendingRows(hook.id)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('retries after a 500 with the same delivery id, then succeeds', async () => {
    const receiver = await startReceiver([500, 200]);
    try {
      const link = await createLink(t.app, owner.headers);
      const { slug } = await trackingSlug(owner, link.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [link.id] });
      await click(slug);
      await waitFor(() => receiver.received.length === 2);
      const [first, second] = receiver.received;
      expect(second!.headers['mailtokit-delivery']).toBe(first!.headers['mailtokit-delivery']);
      expect(second!.body).toBe(first!.body);
      expect(
        verifySignature(hook.secret, String(second!.headers['mailtokit-signature']), second!.body),
      ).toBe(true);
      await waitFor(async () => (await deliveries(owner, hook.id))[0]?.status === 'succeeded');
      expect((await deliveries(owner, hook.id))[0]).toMatchObject({
        attempts: 2,
        responseStatus: 200,
      });
    } finally {
      await receiver.close();
    }
  });

  it('keeps trying while the receiver is down and delivers once it is up', async () => {
    const port = await closedPort();
    const link = await createLink(t.app, owner.headers);
    const { slug } = await trackingSlug(owner, link.id);
    const hook = await createWebhook(owner, {
      url: `http://127.0.0.1:${port}/down`,
      mailtoLinkIds: [link.id],
    });
    await click(slug);
    await waitFor(async () => ((await deliveries(owner, hook.id))[0]?.attempts ?? 0) >= 2);
    const failing = (await deliveries(owner, hook.id))[0]!;
    expect(failing).toMatchObject({ status: 'pending', responseStatus: null });
    expect(failing.error).toMatch(/ECONNREFUSED/);

    const receiver = await startReceiver([200], port);
    try {
      await waitFor(() => receiver.received.length === 1, 20_000);
      expect(receiver.received[0]!.headers['mailtokit-delivery']).toBe(failing.eventId);
      await waitFor(async () => (await deliveries(owner, hook.id))[0]?.status === 'succeeded');
    } finally {
      await receiver.close();
    }
  });

  it('sends a ping on request', async () => {
    const receiver = await startReceiver([204]);
    try {
      const hook = await createWebhook(owner, { url: receiver.url });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ event: 'ping', status: 'pending' });
      await waitFor(() => receiver.received.length === 1);
      expect(receiver.received[0]!.headers['mailtokit-event']).toBe('ping');
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: 'ping',
        data: { webhookId: hook.id },
      });
      await waitFor(async () => (await deliveries(owner, hook.id))[0]?.status === 'succeeded');
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: owner.headers,
      });
    } finally {
      await receiver.close();
    }
  });
});

describe(`webhooks: failures (${dialect})`, () => {
  // These drive the worker by hand, one round at a time.
  beforeAll(async () => t.app.webhookWorker.stop());
  afterAll(() => t.app.webhookWorker.start());

  it('marks a delivery failed after 8 attempts and disables the webhook after 20 in a row', async () => {
    const receiver = await startReceiver([500]);
    try {
      const link = await createLink(t.app, owner.headers);
      const { slug } = await trackingSlug(owner, link.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [link.id] });
      await t.db.kysely
        .updateTable('webhooks')
        .set({ consecutive_failures: 19 })
        .where('id', '=', hook.id)
        .execute();
      await click(slug);
      await click(slug);
      const [first] = await pendingRows(hook.id);
      // Seven attempts already made; the next one is the last.
      await t.db.kysely
        .updateTable('webhook_deliveries')
        .set({ attempts: 7 })
        .where('id', '=', first!.id)
        .execute();
      await t.db.kysely
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
        .where('id', '!=', first!.id)
        .where('webhook_id', '=', hook.id)
        .execute();
      expect(await t.app.webhookWorker.runOnce()).toBe(1);
      const log = await deliveries(owner, hook.id);
      expect(log.find((d) => d.id === first!.id)).toMatchObject({
        status: 'failed',
        attempts: 8,
        responseStatus: 500,
        error: 'HTTP 500',
      });
      expect(log.find((d) => d.id !== first!.id)).toMatchObject({ status: 'cancelled' });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/webhooks',
        headers: owner.headers,
      });
      expect(list.json<Hook[]>().find((h) => h.id === hook.id)).toMatchObject({
        enabled: false,
        consecutiveFailures: 20,
      });

      // Disabled: new clicks queue nothing; a test is refused; enabling starts over.
      await click(slug);
      expect((await pendingRows(hook.id)).filter((r) => r.status === 'pending')).toHaveLength(0);
      const test = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: owner.headers,
      });
      expect(test.statusCode).toBe(409);
      const enable = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: owner.headers,
        payload: { enabled: true },
      });
      expect(enable.json()).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    } finally {
      await receiver.close();
    }
  });

  it('cancels the events still queued when the webhook is disabled', async () => {
    const link = await createLink(t.app, owner.headers);
    const { slug } = await trackingSlug(owner, link.id);
    const hook = await createWebhook(owner, {
      url: 'https://93.184.215.14/hook',
      mailtoLinkIds: [link.id],
    });
    await click(slug);
    await click(slug);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${hook.id}`,
      headers: owner.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const log = await deliveries(owner, hook.id);
    expect(log.map((d) => d.status)).toEqual(['cancelled', 'cancelled']);
    expect(await t.app.webhookWorker.runOnce()).toBe(0);
  });

  it('cancels a test ping whose webhook is disabled before its attempt, and refuses new ones', async () => {
    const receiver = await startReceiver([204]);
    try {
      const hook = await createWebhook(owner, { url: receiver.url });
      const queued = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: owner.headers,
      });
      expect(queued.statusCode).toBe(202);
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: owner.headers,
        payload: { enabled: false },
      });
      expect(off.statusCode).toBe(200);
      // The ping is over (not pending), without an attempt, and the worker never sends it.
      expect(await deliveries(owner, hook.id)).toMatchObject([
        { id: queued.json<Delivery>().id, event: 'ping', status: 'cancelled', attempts: 0 },
      ]);
      expect(await t.app.webhookWorker.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(0);

      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${hook.id}/test`,
        headers: owner.headers,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: 'This webhook is disabled. Enable it first.',
        code: 'CONFLICT',
      });
      expect(await deliveries(owner, hook.id)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('still sends the events of clicks made before their link was deleted', async () => {
    const receiver = await startReceiver([200]);
    try {
      const link = await createLink(t.app, owner.headers);
      const { slug } = await trackingSlug(owner, link.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [link.id] });
      await click(slug);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/mailto-links/${link.id}`,
        headers: owner.headers,
      });
      expect(gone.statusCode).toBe(200);
      expect(await t.app.webhookWorker.runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body).data.mailtoLinkId).toBe(link.id);
      expect((await deliveries(owner, hook.id))[0]).toMatchObject({ status: 'succeeded' });
    } finally {
      await receiver.close();
    }
  });

  it('cancels pending deliveries when the webhook is deleted', async () => {
    const receiver = await startReceiver([200]);
    try {
      const link = await createLink(t.app, owner.headers);
      const { slug } = await trackingSlug(owner, link.id);
      const hook = await createWebhook(owner, { url: receiver.url, mailtoLinkIds: [link.id] });
      await click(slug);
      expect(await pendingRows(hook.id)).toHaveLength(1);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: owner.headers,
      });
      await t.app.webhookWorker.runOnce();
      expect(receiver.received).toHaveLength(0);
      expect(await pendingRows(hook.id)).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe(`webhooks: private addresses (${dialect})`, () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(async () => strict.close());

  it('refuses loopback, private, link-local, multicast and unspecified hosts in any spelling', async () => {
    const who = await signUpAs(strict, 'TEAM');
    for (const url of [
      'http://127.0.0.1/h',
      'http://localhost:8080/h',
      'http://LOCALHOST./h',
      'http://0x7f000001/h',
      'http://2130706433/h',
      'http://017700000001/h',
      'http://127.1/h',
      'http://[::1]/h',
      'http://[0:0:0:0:0:0:0:1]/h',
      'http://[::ffff:127.0.0.1]/h',
      'http://[::ffff:7f00:1]/h',
      'http://[::7f00:1]/h',
      'http://[::127.0.0.1]/h',
      'http://[::a9fe:a9fe]/latest/meta-data',
      'http://[::10.0.0.1]/h',
      'http://[::ffff:0:7f00:1]/h',
      'http://[64:ff9b::7f00:1]/h',
      'http://[64:ff9b::192.168.1.10]/h',
      'http://[64:ff9b:1::a00:1]/h',
      'http://[2002:7f00:1::1]/h',
      'http://[2002:c0a8:10a::]/h',
      'http://0.0.0.0/h',
      'http://[::]/h',
      'http://10.1.2.3/h',
      'http://172.16.0.1/h',
      'http://192.168.1.10/h',
      'http://100.64.0.1/h',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/h',
      'http://[fd00::1]/h',
      'http://224.0.0.1/h',
      'http://[ff02::1]/h',
      'http://255.255.255.255/h',
    ]) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: who.headers,
        payload: { url, currentPassword: who.password },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toHaveProperty('url');
      expect(res.json().fields?.url, url).toBeTruthy();
    }
    const ok = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: who.headers,
      payload: { url: 'https://93.184.215.14/hook', currentPassword: who.password },
    });
    expect(ok.statusCode).toBe(201);
  });
});
