// The integrator's registration challenges: issued by createPasskeyRegistrationOptions, checked by
// the relay before a PASSKEY credential reaches the service, single-use and expiring. Driven with
// the software authenticator, then used for a passkey sign-in through the relay.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { createPasskeyRegistrationOptions } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import { json, otpSignInThroughRelay, startRelayHarness } from './relayHarness.js'

const TTL = 2 * 60_000

/** Registration challenges on their own (no relay): localhost RP, the demo origin. */
function localChallenges(extra: Partial<Parameters<typeof createPasskeyRegistrationOptions>[0]> = {}) {
  return createPasskeyRegistrationOptions({
    rpName: 'Acme',
    rpId: 'localhost',
    origins: ['http://localhost:5173'],
    ...extra,
  })
}

/** A PASSKEY credential body for `challenge`, attested by `authenticator`. */
function passkeyBody(
  authenticator: Awaited<ReturnType<typeof softwareAuthenticator>>,
  challenge: string,
  accountId?: string,
) {
  return {
    type: 'PASSKEY',
    ...(accountId ? { accountId } : {}),
    challenge,
    attestation: authenticator.register(challenge),
  }
}

async function setup(customerFields?: Record<string, unknown>) {
  let time = Date.now()
  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'Test Wallet',
    rpId: 'localhost',
    origins: ['http://localhost:5173'],
    ttlMs: TTL,
    now: () => time,
  })
  const r = await startRelayHarness({ passkeyRegistration: passkeys })
  const ada = await r.addUser('ada', customerFields)
  const { key } = await otpSignInThroughRelay(r, ada)
  const { rpId, origins } = r.h.sandbox.config
  const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
  const signed = withWalletSignature(r.browser('ada'), { getKey: () => key, now: r.h.sandbox.clock.now })
  const register = (body: Record<string, unknown>) =>
    signed(`${r.appBase}/auth/credentials`, json('POST', body))
  const bodyFor = async (challenge: string, attestationChallenge = challenge) => ({
    type: 'PASSKEY',
    accountId: ada.accountId,
    challenge,
    nickname: 'Laptop',
    attestation: authenticator.register(attestationChallenge),
  })
  const options = () =>
    passkeys.options({ id: 'user-ada', name: 'ada@example.com', accountId: ada.accountId })
  return {
    r,
    ada,
    passkeys,
    authenticator,
    register,
    bodyFor,
    options,
    advance: (ms: number) => (time += ms),
  }
}

/** The refusal a relay answer carries, or the answer itself when it was not one. */
async function refusal(promise: Promise<Response>) {
  try {
    const response = await promise
    return { status: response.status, body: await response.json() }
  } catch (error) {
    const { status, code, details } = error as { status: number; code: string; details?: { reason?: string } }
    return { status, body: { code, details } }
  }
}

describe('passkey registration through the relay', () => {
  it('registers with an issued challenge once (202, signed retry, 201), then refuses the replay', async () => {
    const { r, ada, register, bodyFor, options, authenticator } = await setup()
    const optionsJSON = await options()
    const body = await bodyFor(optionsJSON.challenge)
    const created = await register(body)
    expect(created.status).toBe(201)
    const passkey = await created.json()
    expect(passkey).toMatchObject({ type: 'PASSKEY', credentialId: authenticator.credentialId })

    const before = r.upstream.length
    expect(await refusal(register(body))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REGISTRATION', details: { reason: 'UNKNOWN_CHALLENGE' } },
    })
    expect(r.upstream.length).toBe(before) // refused before the service

    // The registered passkey signs in through the relay.
    ada.owned.credentialIds.add(passkey.id)
    r.h.sandbox.clock.advance(r.h.sandbox.config.challengeIntervalMs)
    const page = r.browser('ada')
    const clientPublicKey = (await generateSessionKey()).publicKey
    const challenge = await (
      await page(`${r.appBase}/auth/credentials/${passkey.id}/challenge`, json('POST', { clientPublicKey }))
    ).json()
    const assertion = await authenticator.assert(bytesToBase64Url(utf8(challenge.challenge)))
    const verified = await page(
      `${r.appBase}/auth/credentials/${passkey.id}/verify`,
      json('POST', { type: 'PASSKEY', assertion }, { 'Request-Id': challenge.requestId }),
    )
    expect(verified.status).toBe(200)
    expect(await verified.json()).toMatchObject({ type: 'PASSKEY', accountId: ada.accountId })
  })

  it('refuses a challenge it never issued, an expired one, and an attestation over another challenge', async () => {
    const { register, bodyFor, options, advance } = await setup()
    const invented = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const reasons = []
    reasons.push((await refusal(register(await bodyFor(invented)))).body.details?.reason)

    const late = await options()
    advance(TTL)
    reasons.push((await refusal(register(await bodyFor(late.challenge)))).body.details?.reason)

    const first = await options()
    const second = await options()
    reasons.push(
      (await refusal(register(await bodyFor(first.challenge, second.challenge)))).body.details?.reason,
    )
    expect(reasons).toEqual(['UNKNOWN_CHALLENGE', 'CHALLENGE_EXPIRED', 'ATTESTATION_INVALID'])
    // A body that is no passkey registration at all fails the operation's schema first.
    const accountId = (await bodyFor(first.challenge)).accountId
    expect(await refusal(register({ type: 'PASSKEY', accountId }))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT' },
    })

    // A refused attestation does not use up the challenge: a good one still registers.
    expect((await register(await bodyFor(first.challenge))).status).toBe(201)
  })

  it('leaves other credential types to the service', async () => {
    const { ada, register } = await setup({ phoneNumber: '+14155550100' })
    const created = await register({ type: 'SMS_OTP', accountId: ada.accountId })
    expect(created.status).toBe(201)
  })
})

describe('createPasskeyRegistrationOptions', () => {
  it('issues options for the RP and user, excluding known passkeys, with the ttl as timeout', async () => {
    const passkeys = createPasskeyRegistrationOptions({
      rpName: 'Acme',
      rpId: 'wallet.example',
      origins: ['https://wallet.example'],
    })
    const optionsJSON = await passkeys.options({
      id: 'user-1',
      name: 'ada@example.com',
      excludeCredentialIds: ['AAAA'],
    })
    expect(optionsJSON).toMatchObject({
      rp: { id: 'wallet.example', name: 'Acme' },
      user: { id: bytesToBase64Url(utf8('user-1')), name: 'ada@example.com', displayName: 'ada@example.com' },
      timeout: 5 * 60_000,
      attestation: 'none',
      excludeCredentials: [{ id: 'AAAA', type: 'public-key' }],
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
    })
    expect(optionsJSON.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await passkeys.options({ name: 'x' })).challenge).not.toBe(optionsJSON.challenge)
    await expectCode(() => passkeys.options({ name: '' }), 'INVALID_ARGUMENT')
    await expectCode(
      () => passkeys.options({ name: 'x', excludeCredentialIds: ['not base64url!'] }),
      'INVALID_ARGUMENT',
    )
  })

  it('checks once: consumes by default, keeps with consume: false, and one of two racing checks wins', async () => {
    const passkeys = localChallenges()
    const authenticator = await softwareAuthenticator('localhost', 'http://localhost:5173')
    const { challenge } = await passkeys.options({ name: 'ada', accountId: 'InternalAccount:1' })
    const body = passkeyBody(authenticator, challenge, 'InternalAccount:1')

    const kept = await passkeys.check(body, { consume: false })
    expect(kept).toMatchObject({ challenge, credentialId: authenticator.credentialId, user: { name: 'ada' } })
    const results = await Promise.allSettled([passkeys.check(body), passkeys.check(body)])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const error = await expectCode(() => passkeys.check(body), 'INVALID_REGISTRATION')
    expect(error.reason).toBe('UNKNOWN_CHALLENGE')
    expect(await passkeys.consume(challenge)).toBe(false)
  })

  it('binds a challenge to the account it was issued for', async () => {
    const passkeys = localChallenges()
    const authenticator = await softwareAuthenticator('localhost', 'http://localhost:5173')
    const { challenge } = await passkeys.options({ name: 'ada', accountId: 'InternalAccount:1' })
    const body = passkeyBody(authenticator, challenge, 'InternalAccount:2')
    expect((await expectCode(() => passkeys.check(body), 'INVALID_REGISTRATION')).reason).toBe(
      'ACCOUNT_MISMATCH',
    )
  })

  it('refuses an attestation from another origin or RP', async () => {
    const passkeys = localChallenges()
    for (const [rpId, origin] of [
      ['localhost', 'https://phish.example'],
      ['evil.example', 'http://localhost:5173'],
    ] as const) {
      const authenticator = await softwareAuthenticator(rpId, origin)
      const { challenge } = await passkeys.options({ name: 'ada' })
      const body = passkeyBody(authenticator, challenge)
      expect((await expectCode(() => passkeys.check(body), 'INVALID_REGISTRATION')).reason).toBe(
        'ATTESTATION_INVALID',
      )
    }
  })

  it('forgets expired challenges and keeps at most maxPending', async () => {
    let time = 0
    const passkeys = localChallenges({ ttlMs: 1000, maxPending: 2, now: () => time })
    const authenticator = await softwareAuthenticator('localhost', 'http://localhost:5173')
    const body = (challenge: string) => passkeyBody(authenticator, challenge)
    const a = (await passkeys.options({ name: 'a' })).challenge
    const b = (await passkeys.options({ name: 'b' })).challenge
    const c = (await passkeys.options({ name: 'c' })).challenge
    expect((await expectCode(() => passkeys.check(body(a)), 'INVALID_REGISTRATION')).reason).toBe(
      'UNKNOWN_CHALLENGE',
    )
    await passkeys.check(body(b), { consume: false })
    time += 1000
    expect((await expectCode(() => passkeys.check(body(c)), 'INVALID_REGISTRATION')).reason).toBe(
      'CHALLENGE_EXPIRED',
    )
  })
})
