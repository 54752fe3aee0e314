import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { expect } from 'vitest'
import { createCustomer, json, otpSignIn, startHarness } from './harness.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

/**
 * A new harness with a customer signed in by email code who has registered a passkey on a
 * software authenticator: the harness, the account, the authenticator and the passkey credential.
 */
export async function registeredPasskey() {
  const h = await startHarness()
  const { rpId, origins } = h.sandbox.config
  const { accountId, emailCredentialId } = await createCustomer(h)
  await otpSignIn(h, emailCredentialId, accountId)
  const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
  const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
  const created = await h.signed(
    `${h.base}/auth/credentials`,
    json('POST', {
      type: 'PASSKEY',
      accountId,
      challenge,
      nickname: 'Laptop',
      attestation: authenticator.register(challenge),
    }),
  )
  expect(created.status).toBe(201)
  const passkey = (await created.json()) as { id: string; credentialId: string }
  return { h, accountId, authenticator, passkey }
}
