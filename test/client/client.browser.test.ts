// The client in real Chromium against the sandbox over HTTP: passkeys with a virtual
// authenticator, and a session kept in IndexedDB that a fresh client (as after a reload) finds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { createWalletAuth, type WalletAuthOptions } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { passkeyRegistration } from '../../src/passkey/passkeyRegistration.js'
import type { BrowserSandbox } from '../browser/commands.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'

let sandbox: BrowserSandbox
beforeAll(async () => {
  sandbox = await commands.startSandbox()
})
afterAll(async () => {
  await commands.stopSandbox(sandbox.baseUrl)
})
beforeEach(async () => addVirtualAuthenticator())

// Test-only: with no integrator backend here, the page adds the sandbox's Basic credentials.
const api: typeof fetch = (input, init) => {
  const request = new Request(input, init)
  request.headers.set('Authorization', sandbox.authorization)
  return fetch(request)
}

function client(databaseName: string, options: Partial<WalletAuthOptions> = {}) {
  return createWalletAuth({
    baseUrl: sandbox.baseUrl,
    fetch: api,
    keyStore: createKeyStore({ databaseName }),
    trustedSigners: [sandbox.signerPublicKey],
    ...options,
  })
}

async function customerWithEmailSession(
  databaseName: string,
  options: Partial<WalletAuthOptions> = {},
  fields: Record<string, unknown> = {},
) {
  const { accountId, customerId } = await commands.createCustomer(sandbox.baseUrl, {
    fullName: 'Katherine Johnson',
    ...fields,
  })
  const wallet = client(databaseName, options)
  const [emailCredential] = await wallet.credentials.list(accountId)
  if (!emailCredential) throw new Error('no EMAIL_OTP credential')
  await wallet.emailOtp.send(emailCredential.id)
  await wallet.emailOtp.verify(emailCredential.id, '000000')
  return { wallet, accountId, customerId }
}

describe('createWalletAuth in Chromium', () => {
  it.each(['client-held', 'sealed'] as const)(
    'adds a passkey and signs in with it after signing out (%s)',
    async (sessionMode) => {
      const { wallet, accountId } = await customerWithEmailSession(`client-${crypto.randomUUID()}`, {
        sessionMode,
      })
      const optionsJSON = await commands.passkeyRegistrationOptions('katherine@example.com')
      const passkey = await wallet.passkey.add({ accountId, nickname: 'This Chromium', optionsJSON })
      expect(passkey).toMatchObject({ type: 'PASSKEY', nickname: 'This Chromium' })
      await wallet.signOut()
      expect(await wallet.sessions.current()).toBeUndefined()
      const session = await wallet.passkey.signIn(passkey.id, {
        accountId,
        rpId: 'localhost',
        allowCredentials: [String(passkey.credentialId)],
      })
      expect(session).toMatchObject({ type: 'PASSKEY', credentialId: passkey.id, accountId })
      expect(session.key.keyPair.privateKey.extractable).toBe(false)
      const sessions = await wallet.sessions.list(accountId)
      expect(sessions.map((s) => s.type)).toEqual(['PASSKEY'])
    },
  )

  it("answers a payment's passkey SCA step with 'passkey': the ceremony runs here, on this page's origin", async () => {
    const { wallet, accountId, customerId } = await customerWithEmailSession(
      `client-${crypto.randomUUID()}`,
      {},
      {
        address: { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
        phoneNumber: '+33612345678',
      },
    )
    const optionsJSON = await commands.passkeyRegistrationOptions('katherine@example.com')
    await wallet.passkey.add({ accountId, nickname: 'This Chromium', optionsJSON })
    const post = (path: string, body?: unknown) =>
      api(`${sandbox.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    // The contract's SCA set-up (the backend's part): the phone verified from creation, an SCA
    // login by SMS, and a passkey enrolled as the SCA factor (the sign-in passkey added above is not one).
    const query = `?customerId=${customerId}`
    const login = await (await post(`/sca/login/start${query}`, { factor: 'SMS_OTP' })).json()
    const completed = await post(`/sca/login/complete${query}`, {
      factor: 'SMS_OTP',
      challengeId: login.challengeId,
      code: '123456',
      endUserIpAddress: '203.0.113.42',
    })
    expect(completed.status).toBe(200)
    const enrolment = await (await post(`/sca/factors${query}`, { type: 'PASSKEY' })).json()
    const { attestation } = await passkeyRegistration({ optionsJSON: enrolment.options, nickname: 'SCA' })
    const enrolled = await post(`/sca/factors/confirm${query}`, {
      type: 'PASSKEY',
      origin: location.origin,
      credential: attestation,
    })
    expect(enrolled.status).toBe(200)
    expect((await post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 50_000_000 })).status).toBe(
      200,
    )
    const quote = await (
      await post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.example' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000_000,
      })
    ).json()
    const factors: string[] = []
    const payment = await wallet.quotes.execute(quote.id, {
      scaFactor: 'PASSKEY',
      onScaChallenge: ({ challenge }) => {
        factors.push(challenge.factor)
        return 'passkey'
      },
    })
    expect(factors).toEqual(['PASSKEY'])
    expect(payment).toMatchObject({ released: true, paid: false, awaitingAuthorization: false })
  })

  it('keeps the session across a reload: a fresh client finds it in IndexedDB and signs with it', async () => {
    const databaseName = `client-${crypto.randomUUID()}`
    const { wallet, accountId } = await customerWithEmailSession(databaseName)
    const before = await wallet.sessions.current()
    wallet.dispose()

    const reloaded = client(databaseName)
    const after = await reloaded.sessions.current()
    expect(after?.key.publicKey).toBe(before?.key.publicKey)
    expect(after?.key.keyPair.privateKey.extractable).toBe(false)
    const patched = await reloaded.fetch(`${sandbox.baseUrl}/internal-accounts/${accountId}`, {
      method: 'PATCH',
      body: JSON.stringify({ privateEnabled: true }),
    })
    expect(patched.status).toBe(200)
    // And a separate document (a real reload) reads the same key and signs with it.
    const reading = await commands.readKeyInNewPage(databaseName, String(before?.key.publicKey), 'reloaded')
    expect(reading).toMatchObject({ publicKey: before?.key.publicKey, extractable: false })

    await reloaded.signOut()
    expect(await (await createKeyStore({ databaseName })).list()).toEqual([])
  })
})
