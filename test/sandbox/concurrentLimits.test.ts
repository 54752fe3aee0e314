// The sandbox's sign-in limits under real parallel requests: each request below is in flight at the
// same time as the others (Promise.all), as a brute-force script or two tabs would send them. A
// limit holds when the parallel requests are answered as some sequential order of them would be.
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { oidcNonce } from '../../src/oauth/oidcNonce.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import {
  createCustomer,
  type Harness,
  json,
  otpChallenge,
  otpSignIn,
  type Reply,
  startHarness,
} from './harness.js'
import { registeredPasskey } from './registeredPasskey.js'
import { tallyReplies } from './tallyReplies.js'

const PARALLEL = 40

/**
 * The headers of a signed retry of the 202 `challenge`, signed by `key`. Signed before the retries
 * are sent, so that they all leave together rather than as each signature is ready.
 */
async function signedHeaders(challenge: Reply, key: SessionKey): Promise<Record<string, string>> {
  return {
    [WALLET_SIGNATURE_HEADER]: await stamp(challenge.body.payloadToSign as string, key),
    'Request-Id': challenge.body.requestId as string,
  }
}

const liveSessions = async (h: Harness, accountId: string) =>
  ((await h.call('GET', `/auth/sessions?accountId=${accountId}`)).body.data as Array<{ id: string }>).map(
    (session) => session.id,
  )

describe('OTP verify under parallel requests', () => {
  it('judges as many parallel wrong codes as the limit allows: the rest are 429, the right code too', async () => {
    const h = await startHarness()
    const { emailCredentialId } = await createCustomer(h)
    const { seal } = await otpChallenge(h, emailCredentialId)
    const path = `/auth/credentials/${emailCredentialId}/verify`
    const bundles = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => seal(String(100_000 + i))))
    const replies = await Promise.all(
      bundles.map((encryptedOtpBundle) => h.call('POST', path, { type: 'EMAIL_OTP', encryptedOtpBundle })),
    )
    const limit = h.sandbox.config.verifyFailureLimit
    expect(tallyReplies(replies)).toEqual({
      '401 UNAUTHORIZED': limit,
      '429 RATE_LIMITED': PARALLEL - limit,
    })
    // Every miss counted: the right code now waits for the window, as after `limit` misses in a row.
    const right = await h.call('POST', path, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await seal(h.testing.otpCode),
    })
    expect([right.status, right.body.code]).toEqual([429, 'RATE_LIMITED'])
  })

  it('opens one session for one code sent as many parallel first legs', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const { tek, seal } = await otpChallenge(h, emailCredentialId)
    const path = `/auth/credentials/${emailCredentialId}/verify`
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await seal(h.testing.otpCode) }
    const firstLegs = await Promise.all(Array.from({ length: 50 }, () => h.call('POST', path, body)))
    const counts = tallyReplies(firstLegs)
    expect(counts['202']).toBe(1)
    // The others find the code used (401) or the verify limit reached by those misses (429).
    expect(Object.keys(counts).sort()).toEqual(
      ['202', '401 UNAUTHORIZED', '429 RATE_LIMITED'].filter((key) => key in counts),
    )
    const signed = await Promise.all(
      firstLegs.filter((leg) => leg.status === 202).map((leg) => signedHeaders(leg, tek)),
    )
    const secondLegs = await Promise.all(signed.map((headers) => h.call('POST', path, body, headers)))
    expect(secondLegs.map((leg) => leg.status)).toEqual([200])
    expect(await liveSessions(h, accountId)).toEqual([secondLegs[0]?.body.id])
  })
})

describe('session refresh under parallel requests', () => {
  it('refreshes a session once when its signed refreshes arrive together', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const { key, metadata } = await otpSignIn(h, emailCredentialId, accountId)
    const path = `/auth/sessions/${metadata.sessionId}/refresh`
    const bodies = await Promise.all(
      Array.from({ length: 4 }, async () => ({ clientPublicKey: (await generateSessionKey()).publicKey })),
    )
    const challenges = await Promise.all(bodies.map((body) => h.call('POST', path, body)))
    expect(challenges.map((challenge) => challenge.status)).toEqual([202, 202, 202, 202])
    const signed = await Promise.all(challenges.map((challenge) => signedHeaders(challenge, key)))
    const refreshes = await Promise.all(signed.map((headers, i) => h.call('POST', path, bodies[i], headers)))
    // One new session; the others meet the old one retired, as a refresh after it would (401).
    expect(tallyReplies(refreshes)).toEqual({ '201': 1, '401 UNAUTHORIZED': 3 })
    const refreshed = refreshes.find((reply) => reply.status === 201)
    expect(await liveSessions(h, accountId)).toEqual([refreshed?.body.id])
  })
})

describe('passkeys under parallel requests', () => {
  it('issues one sign-in challenge per interval to parallel /challenge requests', async () => {
    const { h, passkey } = await registeredPasskey()
    const passkeyId = passkey.id
    const clientPublicKey = (await generateSessionKey()).publicKey
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call('POST', `/auth/credentials/${passkeyId}/challenge`, { clientPublicKey }),
      ),
    )
    expect(tallyReplies(replies)).toEqual({ '200': 1, '429 RATE_LIMITED': 9 })
  })

  it('takes one of two parallel assertions that carry the same signature counter (a cloned authenticator)', async () => {
    const { h, accountId, authenticator, passkey } = await registeredPasskey()
    const passkeyId = passkey.id
    const signIn = async (keepCounter: boolean) => {
      h.sandbox.clock.advance(h.sandbox.config.challengeIntervalMs)
      const clientPublicKey = (await generateSessionKey()).publicKey
      const issued = await h.call('POST', `/auth/credentials/${passkeyId}/challenge`, { clientPublicKey })
      const assertion = await authenticator.assert(bytesToBase64Url(utf8(issued.body.challenge as string)), {
        keepCounter,
      })
      return () =>
        h.call(
          'POST',
          `/auth/credentials/${passkeyId}/verify`,
          { type: 'PASSKEY', assertion },
          { 'Request-Id': issued.body.requestId as string },
        )
    }
    const sessionsBefore = await liveSessions(h, accountId)
    const original = await signIn(false)
    const clone = await signIn(true)
    const replies = await Promise.all([original(), clone()])
    expect(tallyReplies(replies)).toEqual({ '200': 1, '401 UNAUTHORIZED': 1 })
    expect(replies.find((reply) => reply.status === 401)?.body.reason).toMatch(/counter/i)
    expect(await liveSessions(h, accountId)).toHaveLength(sessionsBefore.length + 1)
  })
})

describe('credential removal under parallel requests', () => {
  it('keeps one credential when the last two are removed at once, each signed by the other', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const email = await otpSignIn(h, emailCredentialId, accountId)
    const identity = { aud: 'wallet-client', sub: 'google-user-1', email: 'ada@gmail.com' }
    const added = await h.signed(
      `${h.base}/auth/credentials`,
      json('POST', { type: 'OAUTH', accountId, oidcToken: h.testing.idToken(identity) }),
    )
    expect(added.status).toBe(201)
    const oauthId = ((await added.json()) as { id: string }).id
    const oauthKey = await generateSessionKey()
    const signedIn = await h.call('POST', `/auth/credentials/${oauthId}/verify`, {
      type: 'OAUTH',
      oidcToken: h.testing.idToken({ ...identity, nonce: await oidcNonce(oauthKey.publicKey) }),
      clientPublicKey: oauthKey.publicKey,
    })
    expect(signedIn.status).toBe(200)

    // Each credential's removal is signed by a session of the other one, as the service requires.
    const removals: Array<[string, SessionKey]> = [
      [emailCredentialId, oauthKey],
      [oauthId, email.key],
    ]
    const challenges = await Promise.all(removals.map(([id]) => h.call('DELETE', `/auth/credentials/${id}`)))
    expect(challenges.map((challenge) => challenge.status)).toEqual([202, 202])
    const signed = await Promise.all(removals.map(([, key], i) => signedHeaders(challenges[i] as Reply, key)))
    const replies = await Promise.all(
      removals.map(([id], i) => h.call('DELETE', `/auth/credentials/${id}`, undefined, signed[i])),
    )
    // As one after the other: the second finds the account at its last credential.
    expect(tallyReplies(replies)).toEqual({ '204': 1, '400 INVALID_INPUT': 1 })
    const left = await h.call('GET', `/auth/credentials?accountId=${accountId}`)
    expect(left.body.data).toHaveLength(1)
  })
})

describe('contact changes under parallel requests', () => {
  it('gives an email to one of two customers whose signed changes to it arrive together', async () => {
    const h = await startHarness()
    const customers = [await createCustomer(h), await createCustomer(h)]
    const keys: SessionKey[] = []
    for (const { accountId, emailCredentialId } of customers) {
      keys.push((await otpSignIn(h, emailCredentialId, accountId)).key)
    }
    const body = { customerType: 'INDIVIDUAL', email: 'shared@example.com' }
    const challenges = await Promise.all(
      customers.map(({ customerId }) => h.call('PATCH', `/customers/${customerId}`, body)),
    )
    expect(challenges.map((challenge) => challenge.status)).toEqual([202, 202])
    const signed = await Promise.all(
      challenges.map((challenge, i) => signedHeaders(challenge, keys[i] as SessionKey)),
    )
    const replies = await Promise.all(
      customers.map(({ customerId }, i) => h.call('PATCH', `/customers/${customerId}`, body, signed[i])),
    )
    // As one after the other: the second finds the email taken by the first's credential.
    expect(tallyReplies(replies)).toEqual({ '200': 1, '409 EMAIL_OTP_EMAIL_ALREADY_EXISTS': 1 })
  })
})
