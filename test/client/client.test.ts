// The high-level client against the in-process sandbox, method by method.
import { describe, expect, it, vi } from 'vitest'
import { createWalletAuth, type WalletAuthEvent, type WalletAuthOptions } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { createRelay } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, type Harness, json, quoteToUma, startHarness } from '../sandbox/harness.js'
import { mintToken } from './tokens.js'

/**
 * A client in a page of the integrator's app, talking to the relay mounted at `/wallet`, which
 * forwards to the in-process sandbox. The relay's hook lets the signed-in customer touch only
 * what is theirs.
 */
async function setup(options: Partial<WalletAuthOptions> = {}, harness?: Harness) {
  const h = harness ?? (await startHarness())
  const now = h.sandbox.clock.now
  // A customer in the EU, so that quotes need SCA.
  const customer = await createCustomer(h, { address: { country: 'FR' } })
  const relay = createRelay({
    baseUrl: `http://sandbox.test${h.sandbox.basePath}`,
    clientId: h.sandbox.clientId,
    clientSecret: h.sandbox.clientSecret,
    prefix: '/wallet',
    fetch: (request) => h.sandbox.fetch(request),
    authorize: (_request, _target, { isOwnedBy }) => isOwnedBy(customer.customerId),
  })
  const base = 'http://app.test/wallet'
  const wallet = createWalletAuth({
    baseUrl: base,
    fetch: (input, init) => relay(new Request(input, init)),
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
  return { h, base, wallet, events, customer, signIn }
}

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
    const patched = await wallet.fetch(
      `${base}/internal-accounts/${customer.accountId}`,
      json('PATCH', { privacy: 'PRIVATE' }),
    )
    expect(patched.status).toBe(200)
  })

  it('reports a wrong code with the service code and reason, and needs a new code after it', async () => {
    const { wallet, customer } = await setup()
    await wallet.emailOtp.send(customer.emailCredentialId)
    const error = await expectCode(
      () => wallet.emailOtp.verify(customer.emailCredentialId, '111111'),
      'UNAUTHORIZED',
    )
    expect(error).toMatchObject({ status: 401, reason: 'Invalid OTP code' })
    await expectCode(() => wallet.emailOtp.verify(customer.emailCredentialId, '000000'), 'OTP_NOT_SENT')
  })

  it('passes the 429 of a resend on with retryAfter', async () => {
    const { wallet, customer } = await setup()
    await wallet.emailOtp.send(customer.emailCredentialId)
    const error = await expectCode(() => wallet.emailOtp.send(customer.emailCredentialId), 'RATE_LIMITED')
    expect(error.retryAfter).toBe(30)
  })

  it('adds an SMS credential and signs in with it', async () => {
    const { base, wallet, customer, signIn } = await setup()
    await signIn()
    const created = await wallet.fetch(
      `${base}/auth/credentials`,
      json('POST', { type: 'SMS_OTP', accountId: customer.accountId, phoneNumber: '+15555550100' }),
    )
    const sms = await created.json()
    await wallet.smsOtp.send(sms.id)
    expect(await wallet.smsOtp.verify(sms.id, '000000')).toMatchObject({ type: 'SMS_OTP' })
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
        (await wallet.fetch(`${base}/internal-accounts/${customer.accountId}`, json('PATCH', { a: 1 })))
          .status,
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
    await expectCode(() => wallet.credentials.revoke(customer.emailCredentialId), 'LAST_CREDENTIAL')
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
    // The relay no longer finds the session among the customer's: it refuses, typed.
    await expectCode(() => wallet.signOut(), 'FORBIDDEN')
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
    const h = await startHarness()
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
    expect(h.sandbox).toBeTruthy()
  })

  it('exports the wallet', async () => {
    const { wallet, customer, signIn } = await setup()
    await signIn()
    expect((await wallet.exportWallet(customer.accountId)).split(' ')).toHaveLength(12)
  })

  it('authorizes a quote through its SCA steps and executes it with the wallet signature', async () => {
    const { h, wallet, customer, signIn } = await setup()
    await signIn()
    await h.api(
      `${h.base}/sandbox/internal-accounts/${customer.accountId}/fund`,
      json('POST', { amount: 50_000 }),
    )
    const quote = await quoteToUma(h, customer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    const purposes: Array<string | null> = []
    const authorized = await wallet.quotes.authorize(String(quote.id), {
      onChallenge: async (step) => {
        purposes.push(step.purpose)
        return { otpCode: '123456' }
      },
    })
    expect(purposes).toEqual(['CURRENCY_CONVERSION', 'PAYOUT'])
    expect(authorized.status).toBe('PENDING')
    const executed = await wallet.quotes.execute(String(quote.id), { idempotencyKey: 'k-1' })
    expect(executed.status).toBe('PROCESSING')
    // The same key gives the first result again instead of paying twice.
    expect((await wallet.quotes.execute(String(quote.id), { idempotencyKey: 'k-1' })).id).toBe(quote.id)
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
