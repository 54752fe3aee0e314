// Passkey sign-in checks of the sandbox, one by one, with a software authenticator: credential,
// challenge, origin, RP id, user presence, signature counter, single use, and the legacy value.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { LEGACY_PASSKEY_SIGNATURE } from '../../src/sandbox/passkeys.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, type Harness, json, otpSignIn, startHarness } from './harness.js'
import { registeredPasskey } from './registeredPasskey.js'
import { type AssertionTweaks, softwareAuthenticator } from './softwareAuthenticator.js'

/** A fresh /challenge for the passkey, answered by the authenticator, posted to /verify. */
async function signIn(
  h: Harness,
  passkeyId: string,
  answer: (webauthnChallenge: string) => Promise<Record<string, unknown>>,
) {
  h.sandbox.clock.advance(h.sandbox.config.challengeIntervalMs)
  const clientPublicKey = (await generateSessionKey()).publicKey
  const { challenge, requestId } = await (
    await h.api(`${h.base}/auth/credentials/${passkeyId}/challenge`, json('POST', { clientPublicKey }))
  ).json()
  expect(challenge).toMatch(/^[0-9a-f]{64}$/)
  const assertion = await answer(bytesToBase64Url(utf8(challenge)))
  const verify = () =>
    h.api(`${h.base}/auth/credentials/${passkeyId}/verify`, {
      ...json('POST', { type: 'PASSKEY', assertion }),
      headers: { 'Content-Type': 'application/json', 'Request-Id': requestId },
    })
  return { response: await verify(), again: verify }
}

describe('passkey sign-in in the sandbox', () => {
  it('registers with the service activity (the attestation, its name and challenge) and challenges with the AuthMethod fields', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const { accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
    const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const attestation = authenticator.register(challenge)
    const body = { type: 'PASSKEY', accountId, challenge, nickname: "  Ada's laptop  ", attestation }
    const refused = await h.call('POST', '/auth/credentials', { ...body, nickname: 'Laptop <script>' })
    expect(refused.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    const first = await h.call('POST', '/auth/credentials', body)
    expect(first.body.type).toBe('PASSKEY')
    const payload = JSON.parse(first.body.payloadToSign as string)
    expect(payload.type).toBe('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2')
    expect(payload.parameters.authenticators).toEqual([
      {
        attestation: {
          attestationObject: attestation.attestationObject,
          clientDataJson: attestation.clientDataJson,
          credentialId: attestation.credentialId,
        },
        authenticatorName: "Ada's laptop",
        challenge,
        transports: attestation.transports ?? [],
      },
    ])
    const created = await h.signed(`${h.base}/auth/credentials`, json('POST', body))
    const passkey = await created.json()
    expect(passkey).toMatchObject({ nickname: "Ada's laptop", credentialId: attestation.credentialId })
    const clientPublicKey = (await generateSessionKey()).publicKey
    const answer = await h.call('POST', `/auth/credentials/${passkey.id}/challenge`, { clientPublicKey })
    expect(answer.body).toMatchObject({
      id: passkey.id,
      accountId,
      type: 'PASSKEY',
      nickname: "Ada's laptop",
      credentialId: attestation.credentialId,
      requestId: expect.stringMatching(/^Request:/),
    })
  })

  it('refuses a registration whose claimed credential id is not the one the authenticator signed', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const { accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
    const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const attestation = authenticator.register(challenge)
    const claimed = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const body = { type: 'PASSKEY', accountId, challenge, nickname: 'Laptop' }
    const forged = () =>
      h.signed(
        `${h.base}/auth/credentials`,
        json('POST', { ...body, attestation: { ...attestation, credentialId: claimed } }),
      )
    await expectCode(forged, 'INVALID_INPUT')
  })

  it('opens a session for a valid assertion, once per challenge', async () => {
    const { h, authenticator, passkey } = await registeredPasskey()
    const { response, again } = await signIn(h, passkey.id, (c) => authenticator.assert(c))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      type: 'PASSKEY',
      accountId: expect.stringMatching(/^InternalAccount:/),
    })
    const replay = await again()
    expect(await replay.json()).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/already used/),
    })
  })

  it('accepts a ceremony in a frame (the signer) when the page framing it is an allowed origin too', async () => {
    const { h, authenticator, passkey } = await registeredPasskey()
    const framed = (c: string) => authenticator.assert(c, { topOrigin: h.sandbox.config.origins[0] })
    expect((await signIn(h, passkey.id, framed)).response.status).toBe(200)
  })

  it.each<[string, AssertionTweaks, RegExp]>([
    ['another origin', { origin: 'https://phish.example' }, /origin/i],
    ['a frame on a page of another origin', { topOrigin: 'https://phish.example' }, /top origin/i],
    ['another RP id', { rpId: 'evil.example' }, /rp ?id/i],
    ['no user presence', { flags: 0x04 }, /present/i],
    ['a counter that did not move', { keepCounter: true }, /counter/i],
  ])('refuses an assertion with %s', async (_name, tweaks, reason) => {
    const { h, authenticator, passkey } = await registeredPasskey()
    // One good sign-in first, so the counter check has a stored value to compare with.
    expect((await signIn(h, passkey.id, (c) => authenticator.assert(c))).response.status).toBe(200)
    const { response } = await signIn(h, passkey.id, (c) => authenticator.assert(c, tweaks))
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(401)
    expect(body.code).toBe('UNAUTHORIZED')
    expect(body.reason).toMatch(reason)
  })

  it('refuses an assertion over another challenge, from another credential, or without Request-Id', async () => {
    const { h, authenticator, passkey } = await registeredPasskey()
    const wrongChallenge = await signIn(h, passkey.id, () =>
      authenticator.assert(bytesToBase64Url(utf8('ab'.repeat(32)))),
    )
    expect(await wrongChallenge.response.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/challenge/i),
    })
    const foreign = await signIn(h, passkey.id, async (c) => ({
      ...(await authenticator.assert(c)),
      credentialId: 'AAAA',
    }))
    expect(await foreign.response.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/another credential/),
    })
    const assertion = await authenticator.assert(bytesToBase64Url(utf8('cd'.repeat(32))))
    const missing = await h.api(
      `${h.base}/auth/credentials/${passkey.id}/verify`,
      json('POST', { type: 'PASSKEY', assertion }),
    )
    expect(await missing.json()).toMatchObject({ status: 401, code: 'REQUEST_ID_MISSING' })
  })

  it('opens one session at most for an assertion replayed in parallel', async () => {
    const { h, authenticator, passkey } = await registeredPasskey()
    h.sandbox.clock.advance(h.sandbox.config.challengeIntervalMs)
    const clientPublicKey = (await generateSessionKey()).publicKey
    const { challenge, requestId } = await (
      await h.api(`${h.base}/auth/credentials/${passkey.id}/challenge`, json('POST', { clientPublicKey }))
    ).json()
    const assertion = await authenticator.assert(bytesToBase64Url(utf8(challenge)))
    const verify = () =>
      h.api(`${h.base}/auth/credentials/${passkey.id}/verify`, {
        ...json('POST', { type: 'PASSKEY', assertion }),
        headers: { 'Content-Type': 'application/json', 'Request-Id': requestId },
      })
    const statuses = (await Promise.all([verify(), verify(), verify()])).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 401, 401])
  })

  it('still accepts the legacy sandbox-valid-passkey-signature without WebAuthn checks', async () => {
    const { h, authenticator, passkey } = await registeredPasskey()
    const { response } = await signIn(h, passkey.id, async (c) => ({
      ...(await authenticator.assert(c)),
      signature: LEGACY_PASSKEY_SIGNATURE,
    }))
    expect(response.status).toBe(200)
  })
})
