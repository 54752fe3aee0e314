import type { Page } from '@playwright/test'

/**
 * Adds a CTAP2 platform authenticator (resident keys, user verification, no prompt) to `page`
 * through its own CDP session. It must be in place before any WebAuthn call, or the call waits for
 * a user forever. An authenticator belongs to one page: every page that may call WebAuthn needs one.
 * Returns the authenticator id.
 */
export async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}
