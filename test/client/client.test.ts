// The high-level client against the in-process sandbox, method by method.
import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it, vi } from 'vitest'
import { createWalletAuth, type WalletAuthEvent, type WalletAuthOptions } from '../../src/client/index.js'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { createRelay } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, fund, type Harness, json, quoteToUma, startHarness } from '../sandbox/harness.js'
import { issueCard } from '../sandbox/issueCard.js'
import { enrolScaPasskey, smsScaLogin } from '../sandbox/scaCustomer.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import { customerRelay } from './customerRelay.js'
import { mintToken } from './tokens.js'

/**
 * A client in a page of the integrator's app, talking to the relay mounted at `/wallet`, which
 * forwards to the in-process sandbox. The relay's hook lets the signed-in customer touch only
 * what is theirs.
 */
async function setup(options: Partial<WalletAuthOptions> = {}, harness?: Harness) {
  const h = harness ?? (await startHarness())
  const now = h.sandbox.clock.now
  // A customer in the EU, so that payments need SCA, with a phone for SMS credentials.
  const customer = await createCustomer(h, {
    address: { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
    phoneNumber: '+33612345678',
  })
  // The contract's SCA set-up: the phone verified from creation, an SCA login by the backend.
  await smsScaLogin(h, customer.customerId)
  const relay = customerRelay(h, customer.customerId)
  const base = 'http://app.test/wallet'
  // Rewrites an answer on its way to the page (the service's sandbox's shapes, a proxy's tampering).
  let rewrite: ((request: Request, response: Response) => Promise<Response>) | undefined
  const wallet = createWalletAuth({
    baseUrl: base,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const response = await relay(request.clone())
      return rewrite ? rewrite(request, response) : response
    },
    keyStore: createKeyStore({ indexedDB: null, now }),
    trustedSigners: [h.sandbox.signerPublicKey],
    exportSigners: [h.sandbox.exportSignerPublicKey],
    now,
    ...options,
  })
  const events: WalletAuthEvent['type'][] = []
  wallet.onChange((event) => events.push(event.type))
  const signIn = async () => {
    await wallet.emailOtp.send(customer.emailCredentialId)
    return wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  }
  const rewriteWith = (next: typeof rewrite) => {
    rewrite = next
  }
  return { h, base, wallet, events, customer, signIn, rewriteWith }
}

const privateEnabled = json('PATCH', { privateEnabled: true })

describe('createWalletAuth', () => {
  it('signs in with an email OTP, keeps the session and signs actions with it', async () => {
    const { base, wallet, events, customer, signIn } = await setup()
    expect(await wallet.sessions.current()).toBeUndefined()
    const session = await signIn()
    expect(session).toMatchObject({
      accountId: customer.accountId,
      credentialId: customer.emailCredentialId,
      type: 'EMAIL_OTP',
    })
    expect(session.key.keyPair.privateKey.extractable).toBe(false)
    expect((await wallet.sessions.current())?.key.publicKey).toBe(session.key.publicKey)
    expect(events).toEqual(['signed-in'])
    const patched = await wallet.fetch(`${base}/internal-accounts/${customer.accountId}`, privateEnabled)
    expect(patched.status).toBe(200)
  })

  it('reports a wrong code with the service code and reason, takes the corrected one, then needs a new code', async () => {
    const { wallet, customer } = await setup()
    await wallet.emailOtp.send(customer.emailCredentialId)
    const error = await expectCode(
      () => wallet.emailOtp.verify(customer.emailCredentialId, '111111'),
      'UNAUTHORIZED',
    )
    expect(error).toMatchObject({ status: 401, reason: 'Invalid OTP code' })
    // Corrected without a new send (which the resend back-off would hold for 30 s).
    const session = await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
    expect(session).toMatchObject({ credentialId: customer.emailCredentialId })
    await expectCode(() => wallet.emailOtp.verify(customer.emailCredentialId, '000000'), 'OTP_NOT_SENT')
  })

  it('passes the 429 of a resend on with retryAfter', async () => {
    const { wallet, customer } = await setup()
    await wallet.emailOtp.send(customer.emailCredentialId)
    const error = await expectCode(() => wallet.emailOtp.send(customer.emailCredentialId), 'RATE_LIMITED')
    expect(error.retryAfter).toBe(30)
  })

  it('passes the 429 of repeated wrong codes at verify on with retryAfter', async () => {
    const { h, wallet, customer } = await setup()
    for (let attempt = 0; attempt < 5; attempt++) {
      await wallet.emailOtp.send(customer.emailCredentialId)
      await expectCode(() => wallet.emailOtp.verify(customer.emailCredentialId, '111111'), 'UNAUTHORIZED')
      h.sandbox.clock.advance(31_000)
    }
    await wallet.emailOtp.send(customer.emailCredentialId)
    const limited = await expectCode(
      () => wallet.emailOtp.verify(customer.emailCredentialId, '000000'),
      'RATE_LIMITED',
    )
    expect(limited.status).toBe(429)
    expect(limited.retryAfter).toBeGreaterThan(0)
  })

  it('adds an SMS credential from the phone on file, activates it with the code and signs in with it', async () => {
    const { wallet, customer, signIn } = await setup()
    await signIn()
    const sms = await wallet.smsOtp.add(customer.accountId, { contact: '+33612345678' })
    expect(sms).toMatchObject({ type: 'SMS_OTP', nickname: '+33612345678', accountId: customer.accountId })
    expect(sms.otpEncryptionTargetBundle).toEqual(expect.any(String))
    // The code the add sent activates the credential: no /challenge in between.
    const session = await wallet.smsOtp.verify(sms.id, '000000')
    expect(session).toMatchObject({ type: 'SMS_OTP', credentialId: sms.id })
    await expectCode(
      () => wallet.smsOtp.add(customer.accountId, { contact: '+33612345678' }),
      'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
    )
  })

  it('adds an SMS credential for a new number with customerId: the number set on the customer first, one question for both', async () => {
    const asked: string[] = []
    let answer = false
    const { wallet, customer, signIn } = await setup({
      confirm: ({ summary }) => {
        asked.push(summary)
        return answer
      },
    })
    await signIn()
    const phone = '+33698765432'
    const add = () =>
      wallet.smsOtp.add(customer.accountId, { contact: phone, customerId: customer.customerId })
    // Declined: nothing signed, the customer's number unchanged.
    await expectCode(add, 'CONFIRMATION_DECLINED')
    expect(asked).toEqual([`Sign in with codes texted to ${phone}.`])
    expect((await wallet.customers.get(customer.customerId)).phoneNumber).toBe('+33612345678')
    // Confirmed once: the customer's number, then the credential bound to it, no second question.
    answer = true
    const sms = await add()
    expect(asked).toHaveLength(2)
    expect((await wallet.customers.get(customer.customerId)).phoneNumber).toBe(phone)
    expect(sms).toMatchObject({ type: 'SMS_OTP', nickname: phone, accountId: customer.accountId })
    await expectCode(
      () => wallet.smsOtp.add(customer.accountId, { contact: phone, customerId: '' }),
      'INVALID_ARGUMENT',
    )
  })

  it('refuses a second email credential, and adds one back after the first was removed', async () => {
    const { wallet, customer, signIn } = await setup()
    await signIn()
    const duplicate = await expectCode(
      () => wallet.emailOtp.add(customer.accountId, { contact: customer.email }),
      'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS',
    )
    expect(duplicate.status).toBe(400)
    const sms = await wallet.smsOtp.add(customer.accountId, { contact: '+33612345678' })
    await wallet.smsOtp.verify(sms.id, '000000')
    await wallet.credentials.revoke(customer.emailCredentialId)
    const email = await wallet.emailOtp.add(customer.accountId, { contact: customer.email })
    expect(email.id).not.toBe(customer.emailCredentialId)
    expect(await wallet.emailOtp.verify(email.id, '000000')).toMatchObject({
      type: 'EMAIL_OTP',
      credentialId: email.id,
    })
  })

  it('changes the email with the signed retry, and the email credential follows it', async () => {
    const { wallet, customer, signIn } = await setup()
    await signIn()
    const email = `grace-${crypto.randomUUID().slice(0, 8)}@example.com`
    const updated = await wallet.customers.updateContact(customer.customerId, { email })
    expect(updated).toMatchObject({ id: customer.customerId, email })
    expect((await wallet.customers.get(customer.customerId)).email).toBe(email)
    const [credential] = await wallet.credentials.list(customer.accountId)
    expect(credential).toMatchObject({ type: 'EMAIL_OTP', nickname: email })
    const both = { email: 'a@example.com', phoneNumber: '+33600000000' } as never
    await expectCode(() => wallet.customers.updateContact(customer.customerId, both), 'INVALID_ARGUMENT')
  })

  it.each(['client-held', 'sealed'] as const)(
    'adds an OAuth identity and signs in with it (%s key)',
    async (sessionMode) => {
      const { h, base, wallet, customer, signIn } = await setup({ sessionMode })
      await signIn()
      const identity = { aud: 'wallet-client', sub: 'google-1', email: 'ada@gmail.com' }
      const oauth = await wallet.oauth.add({
        accountId: customer.accountId,
        oidcToken: mintToken(h, identity),
      })
      expect(oauth).toMatchObject({ type: 'OAUTH', nickname: 'ada@gmail.com' })
      const session = await wallet.oauth.signIn(oauth.id, {
        accountId: customer.accountId,
        getIdToken: (nonce) => mintToken(h, { ...identity, nonce }),
      })
      expect(session).toMatchObject({ type: 'OAUTH', credentialId: oauth.id })
      expect(session.key.keyPair.privateKey.extractable).toBe(false)
      expect(
        (await wallet.fetch(`${base}/internal-accounts/${customer.accountId}`, privateEnabled)).status,
      ).toBe(200)
    },
  )

  it('refuses an ID token without the right nonce before sending it', async () => {
    const { h, wallet, customer, signIn } = await setup()
    await signIn()
    const identity = { aud: 'wallet-client', sub: 'google-2' }
    const oauth = await wallet.oauth.add({ accountId: customer.accountId, oidcToken: mintToken(h, identity) })
    await expectCode(
      () =>
        wallet.oauth.signIn(oauth.id, {
          accountId: customer.accountId,
          getIdToken: () => mintToken(h, identity),
        }),
      'OIDC_NONCE_MISMATCH',
    )
  })

  it('lists and revokes credentials under the spec rules', async () => {
    const { h, wallet, customer, signIn } = await setup()
    await signIn()
    const oauth = await wallet.oauth.add({
      accountId: customer.accountId,
      oidcToken: mintToken(h, { aud: 'a', sub: 's' }),
    })
    expect((await wallet.credentials.list(customer.accountId)).map((c) => c.type)).toEqual([
      'EMAIL_OTP',
      'OAUTH',
    ])
    // The email session may revoke the OAuth credential, not its own.
    await wallet.credentials.revoke(oauth.id)
    const own = await expectCode(() => wallet.credentials.revoke(customer.emailCredentialId), 'INVALID_INPUT')
    expect(own.status).toBe(400)
  })

  it('lists, refreshes and revokes sessions; signing out wipes the key here', async () => {
    const { wallet, events, customer, signIn } = await setup()
    const first = await signIn()
    const refreshed = await wallet.sessions.refresh()
    expect(refreshed.sessionId).not.toBe(first.sessionId)
    expect((await wallet.sessions.current())?.sessionId).toBe(refreshed.sessionId)
    expect((await wallet.sessions.list(customer.accountId)).map((s) => s.id)).toEqual([refreshed.sessionId])
    await wallet.signOut()
    expect(await wallet.sessions.current()).toBeUndefined()
    expect(await wallet.sessions.list(customer.accountId)).toEqual([])
    expect(events).toEqual(['signed-in', 'refreshed', 'signed-out'])
    await expectCode(() => wallet.sessions.refresh(), 'NO_SESSION_KEY')
  })

  it('revokes another session of the account, and its own session by id (which signs out here)', async () => {
    const { h, wallet, events, customer, signIn } = await setup()
    const first = await signIn()
    h.sandbox.clock.advance(31_000)
    const second = await signIn()
    expect((await wallet.sessions.list(customer.accountId)).map((s) => s.id)).toEqual([
      first.sessionId,
      second.sessionId,
    ])
    await wallet.sessions.revoke(String(first.sessionId))
    expect((await wallet.sessions.current())?.sessionId).toBe(second.sessionId)
    await wallet.sessions.revoke(String(second.sessionId))
    expect(await wallet.sessions.current()).toBeUndefined()
    expect(events).toEqual(['signed-in', 'signed-in', 'signed-out'])
  })

  it('signs out here even when the service refuses to revoke the session', async () => {
    const { h, wallet, events, customer, signIn } = await setup()
    const session = await signIn()
    // Revoked elsewhere (another device, another tab) while this page still holds the key.
    const url = `${h.base}/auth/sessions/${session.sessionId}`
    const { requestId } = await (await h.api(url, { method: 'DELETE' })).json()
    const revoked = await h.api(url, {
      method: 'DELETE',
      headers: { 'Service-Wallet-Signature': 'sandbox-valid-signature', 'Request-Id': requestId },
    })
    expect(revoked.status).toBe(204)
    expect(await wallet.sessions.list(customer.accountId)).toEqual([])
    // The relay remembers the session as the customer's (ownership never changes); the service
    // no longer knows it and refuses, typed.
    await expectCode(() => wallet.signOut(), 'REFERENCE_NOT_FOUND')
    expect(await wallet.sessions.current()).toBeUndefined()
    expect(events).toEqual(['signed-in', 'signed-out'])
  })

  it('reads the store once for callers that arrive together (a page just reloaded)', async () => {
    const { h, customer, signIn } = await setup()
    const first = await signIn()
    const keyStore = createKeyStore({ indexedDB: null, now: h.sandbox.clock.now })
    const store = await keyStore
    await store.save(first.key, first)
    const reloaded = createWalletAuth({
      baseUrl: 'http://app.test/wallet',
      keyStore,
      now: h.sandbox.clock.now,
    })
    const [a, b, c] = await Promise.all([
      reloaded.sessions.current(),
      reloaded.sessions.current(),
      reloaded.sessions.current(),
    ])
    expect([a?.sessionId, b?.sessionId, c?.sessionId]).toEqual([
      first.sessionId,
      first.sessionId,
      first.sessionId,
    ])
    expect(customer.accountId).toBe(first.accountId)
  })

  it('turns a network failure and a non-JSON answer into typed errors', async () => {
    const offline = createWalletAuth({
      baseUrl: 'http://app.test/wallet',
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
      keyStore: createKeyStore({ indexedDB: null }),
    })
    await expectCode(() => offline.credentials.list('InternalAccount:1'), 'NETWORK_ERROR')
    const html = createWalletAuth({
      baseUrl: 'http://app.test/wallet',
      fetch: async () => new Response('<html>login</html>', { status: 200 }),
      keyStore: createKeyStore({ indexedDB: null }),
    })
    await expectCode(() => html.credentials.list('InternalAccount:1'), 'INVALID_RESPONSE')
  })

  it('creates a delegated key in three signed legs, lists it and revokes it', async () => {
    const { h, wallet, customer, signIn } = await setup()
    await signIn()
    // The integrator's backend issued the card; the relay checks its holder before each leg.
    const cardId = await issueCard(h, { cardholderId: customer.customerId, accountId: customer.accountId })
    const created = await wallet.delegatedKeys.create({
      cardId,
      internalAccountId: customer.accountId,
      nickname: 'Card payments key',
    })
    expect(created).toMatchObject({ cardId, accountId: customer.accountId, status: 'ACTIVE' })
    await expectCode(
      () => wallet.delegatedKeys.create({ cardId, internalAccountId: customer.accountId, nickname: 'again' }),
      'CONFLICT',
    )
    const listed = await wallet.delegatedKeys.list({ accountId: customer.accountId })
    expect(listed.map((key) => [key.id, key.status])).toEqual([[created.id, 'ACTIVE']])
    await wallet.delegatedKeys.revoke(created.id)
    expect((await wallet.delegatedKeys.list({ accountId: customer.accountId }))[0]?.status).toBe('REVOKED')
    await expectCode(() => wallet.delegatedKeys.revoke(created.id), 'INVALID_INPUT')
  })

  it('exports the wallet as a BIP-39 phrase', async () => {
    const { wallet, customer, signIn } = await setup()
    await signIn()
    const mnemonic = await wallet.exportWallet(customer.accountId)
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
  })

  it("opens the service sandbox's unsigned export only with the opt-in", async () => {
    const { wallet, customer, signIn, rewriteWith } = await setup()
    await signIn()
    // The service's sandbox answers exports with both attestation fields empty.
    rewriteWith(async (request, response) => {
      if (!request.url.endsWith('/export') || response.status !== 200) return response
      const body = await response.json()
      const envelope = JSON.parse(body.encryptedWalletCredentials)
      const unsigned = JSON.stringify({ ...envelope, dataSignature: '', enclaveQuorumPublic: '' })
      return Response.json({ ...body, encryptedWalletCredentials: unsigned })
    })
    await expectCode(() => wallet.exportWallet(customer.accountId), 'UNSIGNED_EXPORT')
    const mnemonic = await wallet.exportWallet(customer.accountId, {
      dangerouslyAcceptUnsignedSandboxExport: true,
    })
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
  })

  it("refuses an export that names another organization than the session's (ORGANIZATION_MISMATCH)", async () => {
    const { wallet, customer, signIn, rewriteWith } = await setup()
    await signIn()
    // Unsigned, so the envelope's data can be changed here; the organization check is the same.
    const organizationOf = (envelope: { data: string }) =>
      JSON.parse(new TextDecoder().decode(hexToBytes(envelope.data))).organizationId as string
    let organizationId = ''
    rewriteWith(async (request, response) => {
      if (!request.url.endsWith('/export') || response.status !== 200) return response
      const body = await response.json()
      const envelope = JSON.parse(body.encryptedWalletCredentials)
      const data = JSON.parse(new TextDecoder().decode(hexToBytes(envelope.data)))
      const rewritten = { ...data, ...(organizationId ? { organizationId } : {}) }
      const unsigned = JSON.stringify({
        ...envelope,
        data: bytesToHex(new TextEncoder().encode(JSON.stringify(rewritten))),
        dataSignature: '',
        enclaveQuorumPublic: '',
      })
      expect(organizationOf(JSON.parse(unsigned))).toBe(organizationId || data.organizationId)
      return Response.json({ ...body, encryptedWalletCredentials: unsigned })
    })
    const options = { dangerouslyAcceptUnsignedSandboxExport: true }
    expect(validateMnemonic(await wallet.exportWallet(customer.accountId, options), wordlist)).toBe(true)
    organizationId = crypto.randomUUID()
    await expectCode(() => wallet.exportWallet(customer.accountId, options), 'ORGANIZATION_MISMATCH')
  })

  it('asks nothing and signs nothing for an expired quote: QUOTE_EXPIRED', async () => {
    const asked: unknown[] = []
    const { h, wallet, customer, signIn } = await setup({
      confirm: (description) => asked.push(description) > 0,
    })
    await signIn()
    await fund(h, customer.accountId, 50_000_000)
    const quote = await quoteToUma(h, customer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    h.sandbox.clock.advance(6 * 60_000)
    await expectCode(() => wallet.quotes.execute(String(quote.id)), 'QUOTE_EXPIRED')
    expect(asked).toEqual([])
    expect(await wallet.quotes.get(String(quote.id))).toMatchObject({ status: 'EXPIRED' })
  })

  it('executes a payment, authorizes its SCA steps and reports it paid only once the quote completes', async () => {
    const { h, wallet, customer, signIn } = await setup()
    await signIn()
    await fund(h, customer.accountId, 50_000_000)
    const quote = await quoteToUma(h, customer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    expect(quote.status).toBe('PENDING')
    const purposes: Array<string | null> = []
    const payment = await wallet.quotes.execute(String(quote.id), {
      idempotencyKey: 'k-1',
      onScaChallenge: async (step) => {
        purposes.push(step.purpose)
        return { code: '123456' }
      },
    })
    // A pre-funded send is one challenge (the loop itself runs any number: serviceFlows.test.ts).
    expect(purposes).toHaveLength(1)
    expect(payment.awaitingAuthorization).toBe(false)
    expect(payment.released).toBe(true)
    expect(payment.quote.status).toBe('PROCESSING')
    expect(payment.paid).toBe(false)
    // Executing again is the service's 409, not a second payment.
    const again = await expectCode(() => wallet.quotes.execute(String(quote.id)), 'CONFLICT')
    expect(again.status).toBe(409)
    // Released is not paid: the page learns of the completion from the quote itself.
    h.sandbox.clock.advance(6 * 60_000)
    expect((await wallet.quotes.get(String(quote.id))).status).toBe('COMPLETED')
  })

  it('authorizes a payment with a passkey step: the assertion over its options, with the origin it ran on', async () => {
    const { h, base, wallet, customer, signIn } = await setup()
    await signIn()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const authenticator = await softwareAuthenticator(rpId, origin)
    const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const registered = await wallet.fetch(
      `${base}/auth/credentials`,
      json('POST', {
        type: 'PASSKEY',
        accountId: customer.accountId,
        nickname: 'Laptop',
        challenge,
        attestation: authenticator.register(challenge),
      }),
    )
    expect(registered.status).toBe(201)
    // A sign-in passkey is an SCA factor only once enrolled through the factor routes.
    await enrolScaPasskey(h, { customerId: customer.customerId, authenticator, origin })
    await fund(h, customer.accountId, 50_000_000)
    const quote = await quoteToUma(h, customer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    const factors: string[] = []
    const payment = await wallet.quotes.execute(String(quote.id), {
      scaFactor: 'PASSKEY',
      onScaChallenge: async ({ challenge: step }) => {
        factors.push(step.factor)
        const options = step.passkeyAssertionOptions as { challenge: string }
        return { passkeyAssertion: await authenticator.assert(options.challenge), origin }
      },
    })
    expect(factors).toEqual(['PASSKEY'])
    expect(payment).toMatchObject({ released: true, paid: false })
  })

  it('creates a real-time-funded quote: the 202 comes back pending, and its steps release the payment instructions', async () => {
    const { wallet, customer } = await setup()
    const request = {
      source: { sourceType: 'REALTIME_FUNDING' as const, currency: 'EUR', customerId: customer.customerId },
      destination: {
        destinationType: 'UMA_ADDRESS' as const,
        umaAddress: '$success.mxn@sandbox.uma.example',
      },
      lockedCurrencySide: 'SENDING' as const,
      lockedCurrencyAmount: 10_000,
    }
    const pending = await wallet.quotes.create(request, { scaFactor: 'SMS_OTP' })
    expect(pending.status).toBe('PENDING_AUTHORIZATION')
    expect(pending.paymentInstructions).toBeUndefined()
    const purposes: Array<string | null> = []
    const ready = await wallet.quotes.authorize(pending.id, {
      onScaChallenge: (step) => {
        purposes.push(step.purpose)
        return { code: '123456' }
      },
    })
    expect(purposes).toEqual(['CURRENCY_CONVERSION', 'PAYOUT'])
    expect(ready.status).toBe('PENDING')
    expect(ready.paymentInstructions?.[0]?.accountOrWalletInfo.accountType).toBe('EUR_ACCOUNT')
    // With the callback given to create, the same happens in one call.
    const direct = await wallet.quotes.create(request, { onScaChallenge: () => ({ code: '123456' }) })
    expect(direct.paymentInstructions).toHaveLength(1)
  })

  it('leaves a payment awaiting authorization without a callback; a wrong code keeps it so, and it resumes', async () => {
    const { h, wallet, customer, signIn } = await setup()
    await signIn()
    await fund(h, customer.accountId, 50_000_000)
    const quote = await quoteToUma(h, customer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    const pending = await wallet.quotes.execute(String(quote.id), { scaFactor: 'SMS_OTP' })
    expect(pending).toMatchObject({ awaitingAuthorization: true, released: false, paid: false })
    expect(pending.quote.scaChallenge?.factor).toBe('SMS_OTP')
    // The execute just sent a code: a resend at once is too soon, and fine once Retry-After passed.
    const tooSoon = await expectCode(() => wallet.quotes.resend(String(quote.id)), 'RATE_LIMITED')
    expect(tooSoon.retryAfter).toBeGreaterThan(0)
    h.sandbox.clock.advance((tooSoon.retryAfter ?? 0) * 1000)
    await wallet.quotes.resend(String(quote.id))
    await expect(
      wallet.quotes.authorize(String(quote.id), { onScaChallenge: () => ({ code: '000000' }) }),
    ).rejects.toMatchObject({ status: 400 })
    const resumed = await wallet.quotes.execute(String(quote.id), {
      onScaChallenge: () => ({ code: '123456' }),
    })
    expect(resumed.released).toBe(true)
  })

  it("runs every signed flow under the service's header name when told to, end to end", async () => {
    const headerName = 'Grid-Wallet-Signature'
    const h = await startHarness({ signatureHeaderName: headerName })
    const customer = await createCustomer(h, { phoneNumber: '+14155550123' })
    const relay = createRelay({
      baseUrl: `http://sandbox.test${h.sandbox.basePath}`,
      clientId: h.sandbox.clientId,
      clientSecret: h.sandbox.clientSecret,
      prefix: '/wallet',
      headerName,
      fetch: (request) => h.sandbox.fetch(request),
      authorize: (_request, _target, { isOwnedBy }) => isOwnedBy(customer.customerId),
    })
    const signedHeaders = new Set<string>()
    const wallet = createWalletAuth({
      baseUrl: 'http://app.test/wallet',
      headerName,
      fetch: (input, init) => {
        const request = new Request(input, init)
        for (const [name] of request.headers) if (name.endsWith('-wallet-signature')) signedHeaders.add(name)
        return relay(request)
      },
      keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
      trustedSigners: [h.sandbox.signerPublicKey],
      exportSigners: [h.sandbox.exportSignerPublicKey],
      now: h.sandbox.clock.now,
    })
    await wallet.emailOtp.send(customer.emailCredentialId)
    await wallet.emailOtp.verify(customer.emailCredentialId, '000000') // signed by the TEK
    const sms = await wallet.smsOtp.add(customer.accountId, { contact: '+14155550123' })
    await wallet.smsOtp.verify(sms.id, '000000')
    await wallet.customers.updateContact(customer.customerId, {
      email: `g-${crypto.randomUUID().slice(0, 8)}@example.com`,
    })
    expect(validateMnemonic(await wallet.exportWallet(customer.accountId), wordlist)).toBe(true)
    await fund(h, customer.accountId, 50_000_000)
    const quote = await quoteToUma(h, customer.accountId, `$success.usd@${h.sandbox.config.umaDomain}`)
    expect((await wallet.quotes.execute(String(quote.id))).released).toBe(true)
    await wallet.sessions.refresh()
    await wallet.signOut()
    expect([...signedHeaders]).toEqual(['grid-wallet-signature'])
  })

  it('announces expiring-soon and expired, and refreshes automatically when asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { h, wallet, events, signIn } = await setup({
        autoRefreshBeforeMs: 120_000,
        expiringSoonMs: 60_000,
      })
      const first = await signIn()
      // Move both clocks: the sandbox's and the client's timers.
      h.sandbox.clock.advance(13 * 60_000)
      await vi.advanceTimersByTimeAsync(13 * 60_000)
      await vi.waitFor(async () => expect(events).toContain('refreshed'))
      const current = await wallet.sessions.current()
      expect(current?.sessionId).not.toBe(first.sessionId)
      wallet.dispose()

      const plain = await setup({ expiringSoonMs: 60_000 }, h)
      await plain.signIn()
      h.sandbox.clock.advance(14 * 60_000 + 1)
      await vi.advanceTimersByTimeAsync(14 * 60_000 + 1)
      expect(plain.events).toEqual(['signed-in', 'expiring-soon'])
      h.sandbox.clock.advance(60_000)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(plain.events).toEqual(['signed-in', 'expiring-soon', 'expired'])
      expect(await plain.wallet.sessions.current()).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })
})
