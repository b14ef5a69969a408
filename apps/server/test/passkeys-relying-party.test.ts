import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The relying party of a registration begun by a new user on the page served as `host`. */
async function rpOfRegistration(publicUrl: string, host: string) {
  t = await createTestApp({ config: { publicUrl } });
  const who = await signUp(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/passkeys/registration/options',
    headers: { ...who.headers, host },
    payload: { currentPassword: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rp: { id: string } }>().rp;
}

describe('passkeys: the relying party', () => {
  it("is PUBLIC_URL's host, whatever host the request names", async () => {
    expect(await rpOfRegistration('https://links.example.com', 'localhost:3000')).toMatchObject({
      id: 'links.example.com',
    });
  });

  it('follows the served host when PUBLIC_URL names an IP address (which cannot hold passkeys)', async () => {
    expect(await rpOfRegistration('http://127.0.0.1:3000', 'localhost:3000')).toMatchObject({
      id: 'localhost',
    });
  });
});
