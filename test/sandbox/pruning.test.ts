// Expired challenges are forgotten, a lifetime after their expiry, and never while they can be used
// or replayed with their own 401: signed-retry 202s and passkey challenges, on the sandbox clock.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { pruneExpired } from '../../src/sandbox/pruneExpired.js'
import { stamp } from '../../src/stamp/stamp.js'
import { createCustomer, json, otpSignIn, startHarness } from './harness.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

async function signedIn() {
  const h = await startHarness()
  const { accountId, emailCredentialId } = await createCustomer(h)
  await otpSignIn(h, emailCredentialId, accountId)
  const url = `${h.base}/internal-accounts/${accountId}`
  const body = JSON.stringify({ privateEnabled: true })
  /** A 202 and the headers of its signed retry. */
  const challenge = async () => {
    const response = await h.api(url, { method: 'PATCH', body })
    expect(response.status).toBe(202)
    const { payloadToSign, requestId } = await response.json()
    const signature = await stamp(payloadToSign, h.session.key ?? (undefined as never))
    return { 'Service-Wallet-Signature': signature, 'Request-Id': requestId }
  }
  const retry = async (headers: Record<string, string>) => {
    const response = await h.api(url, { method: 'PATCH', body, headers })
    const { code, reason } = (await response.json()) as { code?: string; reason?: string }
    return { status: response.status, code, reason }
  }
  return { h, accountId, challenge, retry, ttl: h.sandbox.config.signedRetryTtlMs }
}

describe('pruning expired challenges', () => {
  it('pruneExpired drops expired records oldest first, and stops at the first live one', () => {
    const records = new Map([
      ['a', { expiresAt: 10 }],
      ['b', { expiresAt: 20 }],
      ['c', { expiresAt: 30 }],
    ])
    pruneExpired(records, 20)
    expect([...records.keys()]).toEqual(['c'])
    // Issued after the clock was set back: an earlier expiry behind a later one waits for it.
    records.set('d', { expiresAt: 5 })
    pruneExpired(records, 25)
    expect([...records.keys()]).toEqual(['c', 'd'])
    pruneExpired(records, 30)
    expect([...records.keys()]).toEqual([])
  })

  it('keeps a used or expired Request-Id and its own 401 for a lifetime, then forgets it', async () => {
    const { h, challenge, retry, ttl } = await signedIn()
    const used = await challenge()
    expect((await retry(used)).status).toBe(200)
    const unanswered = await challenge()

    // Expired, and new 202s have pruned since: both ids still answer with their own reason.
    h.sandbox.clock.advance(ttl + 1000)
    await challenge()
    expect(await retry(used)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/already used/),
    })
    expect(await retry(unanswered)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/expired/),
    })

    // A lifetime past their expiry, the next 202 forgets them: an unknown id is a 401 all the same.
    h.sandbox.clock.advance(ttl)
    await challenge()
    for (const headers of [used, unanswered]) {
      expect(await retry(headers)).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        reason: expect.stringMatching(/does not belong/),
      })
    }
  })

  it('never forgets a 202 that can still be answered, even after the clock was set back', async () => {
    const { h, challenge, retry, ttl } = await signedIn()
    const early = await challenge()
    h.sandbox.clock.advance(ttl - 1000)
    const late = await challenge()
    // Set back by two lifetimes: a 202 issued now expires before `early` and `late` do.
    const start = h.sandbox.clock.now()
    h.sandbox.clock.set(start - 2 * ttl)
    const backdated = await challenge()
    h.sandbox.clock.set(start)
    await challenge() // prunes: `backdated` is past its expiry by more than a lifetime
    expect(await retry(early)).toEqual({ status: 200, code: undefined, reason: undefined })
    expect(await retry(late)).toEqual({ status: 200, code: undefined, reason: undefined })
    // `backdated` waited behind the live ones instead of being pruned out of order.
    expect(await retry(backdated)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/expired/),
    })
  })

  it('forgets used passkey challenges a lifetime after their expiry', async () => {
    const { h, accountId, ttl } = await signedIn()
    const { rpId, origins, challengeIntervalMs } = h.sandbox.config
    const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
    const registration = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const created = await h.signed(
      `${h.base}/auth/credentials`,
      json('POST', {
        type: 'PASSKEY',
        accountId,
        challenge: registration,
        nickname: 'Laptop',
        attestation: authenticator.register(registration),
      }),
    )
    expect(created.status).toBe(201)
    const { id } = await created.json()
    /** A new passkey challenge, answered; returns a function that posts the answer to /verify. */
    const challenge = async () => {
      h.sandbox.clock.advance(challengeIntervalMs)
      const clientPublicKey = (await generateSessionKey()).publicKey
      const issued = await h.api(
        `${h.base}/auth/credentials/${id}/challenge`,
        json('POST', { clientPublicKey }),
      )
      const { challenge, requestId } = await issued.json()
      const assertion = await authenticator.assert(bytesToBase64Url(utf8(challenge)))
      return async () => {
        const response = await h.api(`${h.base}/auth/credentials/${id}/verify`, {
          ...json('POST', { type: 'PASSKEY', assertion }),
          headers: { 'Content-Type': 'application/json', 'Request-Id': requestId },
        })
        const { code, reason } = (await response.json()) as { code?: string; reason?: string }
        return { status: response.status, code, reason }
      }
    }
    const verify = await challenge()
    expect((await verify()).status).toBe(200)
    h.sandbox.clock.advance(ttl)
    await challenge()
    expect(await verify()).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/already used/),
    })
    h.sandbox.clock.advance(ttl)
    await challenge()
    expect(await verify()).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/not a challenge/),
    })
  })
})
