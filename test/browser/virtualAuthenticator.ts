import { cdp } from 'vitest/browser'

/**
 * Adds a CTAP2 platform authenticator that verifies the user and answers without a prompt (with
 * `present: false` it never answers: a dialog the user leaves open until the ceremony's timeout).
 * It must be in place before any WebAuthn call, or the call waits for a user forever.
 * Returns its removal.
 */
export async function addVirtualAuthenticator({ present = true } = {}): Promise<() => Promise<void>> {
  const session = cdp()
  await session.send('WebAuthn.enable', {})
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: present,
    },
  })
  return async () => {
    await session.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
  }
}
