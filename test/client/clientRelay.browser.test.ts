// The whole chain an integrator ships, in real Chromium: createWalletAuth in the page, the relay on
// the page's own origin (checking the passkey registration), the sandbox behind it, WebAuthn by a
// virtual authenticator. No API secret in the page.
import { beforeEach, describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'

beforeEach(async () => addVirtualAuthenticator())

async function signedUpCustomer() {
  const { signerPublicKey } = await (await fetch('/api/test/config')).json()
  const email = `relay-${crypto.randomUUID().slice(0, 8)}@example.com`
  const customer = await (
    await fetch('/api/test/customers', {
      method: 'POST',
      body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Dorothy Vaughan', email }),
    })
  ).json()
  // The integrator's own sign-in cookie, stood in for by a header its relay hook reads.
  const asCustomer: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('X-Test-Customer', customer.customerId)
    return fetch(request)
  }
  const wallet = createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: asCustomer,
    keyStore: createKeyStore({ databaseName: `relay-${crypto.randomUUID()}` }),
    trustedSigners: [signerPublicKey],
  })
  return { wallet, ...(customer as { customerId: string; accountId: string; emailCredentialId: string }) }
}

describe('client -> relay -> sandbox in Chromium', () => {
  it('signs in with an email OTP, adds a passkey checked by the relay, and signs in with it', async () => {
    const { wallet, accountId, emailCredentialId } = await signedUpCustomer()
    await wallet.emailOtp.send(emailCredentialId)
    await wallet.emailOtp.verify(emailCredentialId, '000000')
    const optionsJSON = await (
      await fetch('/api/test/passkey-options', {
        method: 'POST',
        body: JSON.stringify({ name: 'dorothy', accountId }),
      })
    ).json()
    const passkey = await wallet.passkey.add({ accountId, nickname: 'Chromium', optionsJSON })
    expect(passkey).toMatchObject({ type: 'PASSKEY', accountId })

    await wallet.signOut()
    const session = await wallet.passkey.signIn(passkey.id, {
      accountId,
      rpId: 'localhost',
      allowCredentials: [String(passkey.credentialId)],
    })
    expect(session).toMatchObject({ type: 'PASSKEY', credentialId: passkey.id })
    expect((await wallet.credentials.list(accountId)).map((c) => c.type)).toEqual(['EMAIL_OTP', 'PASSKEY'])
    // The registration challenge was single-use: the same options register nothing more. (Last:
    // the virtual authenticator replaces its resident credential for the same user.)
    const replay = await wallet.passkey
      .add({ accountId, nickname: 'Again', optionsJSON })
      .catch((error: unknown) => error)
    expect(replay).toMatchObject({ code: 'INVALID_REGISTRATION' })
  })

  it('is refused what belongs to another customer', async () => {
    const ada = await signedUpCustomer()
    const bob = await signedUpCustomer()
    const error = await ada.wallet.credentials.list(bob.accountId).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403 })
  })
})
