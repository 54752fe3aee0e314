// Item 6 of issue 7: the page's clock minutes off the service's, and sessions that end.
import { describe, expect, it } from 'vitest'
import { msUntilExpiry } from '../../src/keys/msUntilExpiry.js'
import { expectCode } from '../helpers/expectCode.js'
import { recordReliability } from '../reliability/recordReliability.js'
import { json, startHarness } from '../sandbox/harness.js'
import { mintToken } from './tokens.js'
import { walletOnWire } from './walletOnWire.js'

/** A signed action (the account's privacy), labelled on the page's side for the wire record. */
const labelled = (label: string): RequestInit => ({
  ...json('PATCH', { privateEnabled: true }),
  headers: { 'Content-Type': 'application/json', 'X-Test-Action': label },
})

const MINUTE = 60_000
// The client's (and the key store's) margin before expiresAt.
const MARGIN_MS = 30_000

describe('a device clock off the service clock', () => {
  it('signs in, acts and refreshes 10 minutes fast or slow, and ends the session on the service’s time', async () => {
    const skews = [10 * MINUTE, -10 * MINUTE, 0]
    let signIns = 0
    let actions = 0
    let refreshes = 0
    let decisions = 0
    let requestsAfterExpiry = 0
    let retriesAfterExpiry = 0
    let lost = 0
    for (const skewMs of skews) {
      const { h, base, wallet, customer, wire, signIn, pageNow } = await walletOnWire({ skewMs })
      const act = async (label: string) => {
        actions++
        return wallet.fetch(`${base}/internal-accounts/${customer.accountId}`, labelled(label))
      }
      const session = await signIn()
      signIns++
      // The offset is the service's clock minus the page's, measured from the response.
      expect(session.clockOffsetMs).toBe(0 - skewMs)
      expect(msUntilExpiry(session, pageNow())).toBe(Date.parse(session.expiresAt) - h.sandbox.clock.now())
      expect((await act('after sign-in')).status).toBe(200)

      h.sandbox.clock.advance(5 * MINUTE)
      const refreshed = await wallet.sessions.refresh()
      refreshes++
      expect(refreshed.clockOffsetMs).toBe(0 - skewMs)
      expect((await act('after refresh')).status).toBe(200)

      // Just outside the margin by the service's clock: still signing.
      const expiresAt = Date.parse(refreshed.expiresAt)
      h.sandbox.clock.set(expiresAt - MARGIN_MS - 1_000)
      decisions++
      expect((await wallet.sessions.current())?.sessionId).toBe(refreshed.sessionId)
      const late = await act('just in time').catch(() => undefined)
      if (late?.status !== 200) lost++
      expect(late?.status).toBe(200)

      // Inside the margin: the session is over here, without a signed retry sent or a 401 loop.
      h.sandbox.clock.advance(2_000)
      decisions++
      const before = wire.length
      await expectCode(() => act('too late'), 'SESSION_EXPIRED')
      await expectCode(() => act('too late again'), 'SESSION_EXPIRED')
      const after = wire.slice(before)
      requestsAfterExpiry += after.length
      retriesAfterExpiry += after.filter((entry) => entry.signed).length
      // One unsigned first leg per attempt, each answered by a 202 never signed.
      expect(after.map((entry) => [entry.signed, entry.status])).toEqual([
        [false, 202],
        [false, 202],
      ])
      decisions++
      expect(await wallet.sessions.current()).toBeUndefined()
      wallet.dispose()
    }
    await recordReliability({
      area: 'time',
      name: 'Device clock 10 minutes fast or slow',
      tried: `The page's clock (the client's now and its key store's) ${skews.map((skew) => `${skew / MINUTE} min`).join(', ')} against the sandbox clock: OTP sign-in, signed actions and a refresh through createWalletAuth -> relay -> sandbox; then expiry 31 s and 29 s before the service's expiresAt (margin 30 s).`,
      figures: [
        ['clock skews tried', skews.length],
        ['sign-ins', signIns],
        ['refreshes', refreshes],
        ['signed actions attempted', actions],
        ['expiry decisions checked', decisions],
        ['requests after expiry (2 attempts per skew)', requestsAfterExpiry],
        ['signed retries sent after expiry', retriesAfterExpiry],
      ],
      outcome:
        'Every sign-in, action and refresh worked at every skew; expiry was decided on the service clock to the second, and an expired session failed with SESSION_EXPIRED after one unsigned request, never a signed retry.',
      lost,
    })
    expect(retriesAfterExpiry).toBe(0)
    expect(lost).toBe(0)
  })

  it('signs in with OAuth on a clock 10 minutes fast, then judges ID tokens on the service’s time', async () => {
    const h = await startHarness()
    const owner = await walletOnWire({ harness: h })
    await owner.signIn()
    const identity = { aud: 'wallet-client', sub: `google-${crypto.randomUUID()}` }
    const oauth = await owner.wallet.oauth.add({
      accountId: owner.customer.accountId,
      oidcToken: mintToken(h, identity),
    })
    owner.wallet.dispose()
    for (const skewMs of [10 * MINUTE, -10 * MINUTE]) {
      // A new page: no session yet, so no offset known.
      const page = await walletOnWire({ harness: h, customer: owner.customer, skewMs })
      const session = await page.wallet.oauth.signIn(oauth.id, {
        accountId: owner.customer.accountId,
        getIdToken: (nonce) => mintToken(h, { ...identity, nonce }),
      })
      expect(session.clockOffsetMs).toBe(-skewMs)
      // Now the offset is known: a token 2 minutes old by the service is refused before it is sent.
      const sent = page.wire.length
      await expectCode(
        () =>
          page.wallet.oauth.signIn(oauth.id, {
            accountId: owner.customer.accountId,
            getIdToken: (nonce) => {
              const iat = Math.floor(h.sandbox.clock.now() / 1000) - 120
              return mintToken(h, { ...identity, nonce, iat, exp: iat + 3600 })
            },
          }),
        'OIDC_TOKEN_STALE',
      )
      expect(page.wire.length).toBe(sent)
      page.wallet.dispose()
    }
  })
})

describe('a session that ended on the service', () => {
  it('is forgotten with SESSION_EXPIRED after one refused retry, not a 401 loop; a refusal for one action signs no one out', async () => {
    let requestsAfterEnd = 0
    let wrongSignOuts = 0
    const skewMs = -10 * MINUTE
    const { h, base, wallet, customer, wire, signIn } = await walletOnWire({ skewMs })
    const act = (label: string) =>
      wallet.fetch(`${base}/internal-accounts/${customer.accountId}`, labelled(label))
    await signIn()

    // A refusal that is about this action, not the session: the email session may not revoke its
    // own credential (a session of another credential must sign). Still signed in afterwards.
    await wallet.oauth.add({
      accountId: customer.accountId,
      oidcToken: mintToken(h, { aud: 'a', sub: `s-${crypto.randomUUID()}` }),
    })
    await expectCode(() => wallet.credentials.revoke(customer.emailCredentialId), 'WALLET_SIGNATURE_INVALID')
    if (!(await wallet.sessions.current())) wrongSignOuts++
    expect((await act('still signed in')).status).toBe(200)

    // Revoked elsewhere (another device) while this page holds the key.
    const session = await wallet.sessions.current()
    const url = `${h.base}/auth/sessions/${session?.sessionId}`
    const { requestId } = await (await h.api(url, { method: 'DELETE' })).json()
    const revoked = await h.api(url, {
      method: 'DELETE',
      headers: { 'Service-Wallet-Signature': 'sandbox-valid-signature', 'Request-Id': requestId },
    })
    expect(revoked.status).toBe(204)

    const before = wire.length
    await expectCode(() => act('after revocation'), 'SESSION_EXPIRED')
    // The 202, the refused retry, the check that the session is gone: then it is forgotten.
    const first = wire
      .slice(before)
      .map((entry) => `${entry.method} ${entry.path.split('?')[0]} ${entry.status}`)
    expect(first).toEqual([
      `PATCH /internal-accounts/${customer.accountId} 202`,
      `PATCH /internal-accounts/${customer.accountId} 401`,
      'GET /auth/sessions 200',
    ])
    expect(await wallet.sessions.current()).toBeUndefined()
    const middle = wire.length
    await expectCode(() => act('again'), 'SESSION_EXPIRED')
    await expectCode(() => act('and again'), 'SESSION_EXPIRED')
    const later = wire.slice(middle)
    expect(later.every((entry) => !entry.signed && entry.status === 202)).toBe(true)
    expect(later).toHaveLength(2)
    requestsAfterEnd = wire.length - before

    // Signing in again works (once a new code may be sent).
    h.sandbox.clock.advance(31_000)
    await signIn()
    expect((await act('signed in again')).status).toBe(200)
    wallet.dispose()
    await recordReliability({
      area: 'time',
      name: 'A session revoked on the service while the page holds it',
      tried:
        'A page 10 minutes slow whose session is revoked from another device, then three signed actions; before that, a credential revocation that the service refuses for that action only (a session of another credential must sign).',
      figures: [
        ['signed actions after the revocation', 3],
        ['requests after the revocation', requestsAfterEnd],
        ['signed retries refused', wire.slice(before).filter((entry) => entry.status === 401).length],
        ['wrong sign-outs on an action-only refusal', wrongSignOuts],
      ],
      outcome:
        'The first action after the revocation confirmed the session gone and failed with SESSION_EXPIRED (3 requests); the next ones with one unsigned request each; no sign-out on the action-only refusal.',
      lost: wrongSignOuts,
    })
    expect(requestsAfterEnd).toBe(5)
    expect(wrongSignOuts).toBe(0)
  })
})
