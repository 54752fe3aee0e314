// A passkey as an SCA factor, in real Chromium: enrolled through the factor routes with the
// service's own creation options (a WebAuthn ceremony by a virtual authenticator), then used for an
// SCA login, all from the page through the relay to the sandbox.
import { beforeEach, describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { signUpCustomer } from '../browser/tabAgent.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'
import { expectCode } from '../helpers/expectCode.js'

beforeEach(async () => addVirtualAuthenticator())

/**
 * An EU customer (signed up by the test backend) and the page's client acting for it, signed in:
 * the relay confirms a factor's enrolment with the customer's session key.
 */
async function euCustomer() {
  const { customerId, emailCredentialId, signerPublicKey } = await signUpCustomer({
    fullName: 'Lise Meitner',
    address: { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
  })
  const wallet = createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: (input, init) => {
      const request = new Request(input, init)
      request.headers.set('X-Test-Customer', customerId)
      return fetch(request)
    },
    keyStore: createKeyStore({ databaseName: `sca-${crypto.randomUUID()}` }),
    trustedSigners: [signerPublicKey],
  })
  await wallet.emailOtp.send(emailCredentialId)
  await wallet.emailOtp.verify(emailCredentialId, '000000')
  return { wallet, customerId }
}

describe('an SCA passkey from the page', () => {
  it('is enrolled with the service’s options, listed, used for an SCA login, and only once', async () => {
    const { wallet, customerId } = await euCustomer()
    expect(await wallet.sca.factors(customerId)).toEqual([])
    const started = await wallet.sca.startPasskey(customerId)
    const factor = await wallet.sca.confirmPasskey(customerId, { started })
    expect(factor).toEqual({ factor: 'PASSKEY', credentialId: expect.any(String) })
    expect(await wallet.sca.factors(customerId)).toEqual([factor])
    await expectCode(() => wallet.sca.startPasskey(customerId), 'PASSKEY_ALREADY_ENROLLED')

    const login = await wallet.sca.startLogin(customerId, 'PASSKEY')
    const done = await wallet.sca.completeLogin(customerId, {
      started: login,
      endUserIpAddress: '203.0.113.42',
    })
    expect(done.status).toBe('SUCCESS')
  })

  it('refuses a ceremony on an origin the service does not allow, before any prompt', async () => {
    const { wallet, customerId } = await euCustomer()
    const started = await wallet.sca.startPasskey(customerId)
    await expectCode(
      () => wallet.sca.confirmPasskey(customerId, { started, origin: 'https://elsewhere.example' }),
      'PASSKEY_ORIGIN_NOT_ALLOWED',
    )
    expect(await wallet.sca.factors(customerId)).toEqual([])
  })
})
