// Chromium's virtual authenticator (CDP `WebAuthn.addVirtualAuthenticator`): a platform passkey
// store that verifies its user and answers at once. Used by the passkey specs and by
// `npm run screenshots` (scripts/screenshots.ts).
import type { CDPSession, Page } from 'playwright-core';

export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
