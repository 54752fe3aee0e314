import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { oidcNonce } from '../../src/oauth/oidcNonce.js'
import { generateRecipientKey } from '../../src/session/generateRecipientKey.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { stamp } from '../../src/stamp/stamp.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, type Harness, idToken, json, otpSignIn, startHarness } from './harness.js'

const identity = {
  iss: 'https://accounts.google.com',
  aud: 'wallet-client',
  sub: 'google-user-1',
  email: 'ada@gmail.com',
}

function token(h: Harness, extra: Record<string, unknown> = {}) {
  const now = Math.floor(h.sandbox.clock.now() / 1000)
  return idToken({ ...identity, iat: now, exp: now + 3600, ...extra })
}

async function addOauth(h: Harness) {
  const { accountId, emailCredentialId } = await createCustomer(h)
  await otpSignIn(h, emailCredentialId, accountId)
  const response = await h.signed(
    `${h.base}/auth/credentials`,
    json('POST', { type: 'OAUTH', accountId, oidcToken: token(h) }),
  )
  expect(response.status).toBe(201)
  return { accountId, credential: await response.json() }
}

describe('OAuth against the sandbox', () => {
  it('adds an OAuth credential (signed retry) named after the email claim', async () => {
    const h = await startHarness()
    const { accountId, credential } = await addOauth(h)
    expect(credential).toMatchObject({ type: 'OAUTH', nickname: 'ada@gmail.com' })
    // The 202 binds the token and its provider, as the service's activity does.
    const oidcToken = token(h, { sub: 'google-user-2' })
    const challenge = await h.call('POST', '/auth/credentials', { type: 'OAUTH', accountId, oidcToken })
    expect(challenge.body.type).toBe('OAUTH')
    expect(JSON.parse(challenge.body.payloadToSign as string)).toMatchObject({
      type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
      parameters: { oauthProviders: [{ oidcToken, providerName: 'Google' }] },
    })
  })

  it.each(['client-held', 'sealed'] as const)(
    'signs in with a %s session key that then signs',
    async (mode) => {
      const h = await startHarness()
      const { accountId, credential } = await addOauth(h)
      const sessionKey = await generateSessionKey()
      const recipient = await generateRecipientKey()
      const pendingKey = mode === 'client-held' ? sessionKey : recipient
      const clientPublicKey = mode === 'client-held' ? sessionKey.publicKey : recipient.publicKeyUncompressed
      'publicKey' in pendingKey ? pendingKey.publicKey : pendingKey.publicKeyUncompressed
      const response = await h.api(
        `${h.base}/auth/credentials/${credential.id}/verify`,
        json('POST', {
          type: 'OAUTH',
          oidcToken: token(h, { nonce: await oidcNonce(clientPublicKey) }),
          clientPublicKey,
        }),
      )
      expect(response.status).toBe(200)
      const body = await response.json()
      expect('encryptedSessionSigningKey' in body).toBe(mode === 'sealed')
      const { key } = await sessionFromAuthSession({
        response: body,
        pendingKey,
        credential: { credentialId: credential.id, accountId, type: 'OAUTH' },
      })
      expect(key.keyPair.privateKey.extractable).toBe(false)
      h.session.key = key
      const patched = await h.signed(
        `${h.base}/internal-accounts/${accountId}`,
        json('PATCH', { privateEnabled: true }),
      )
      expect(patched.status).toBe(200)
      expect((await verifyStamp(await stamp('x', key), 'x')).valid).toBe(true)
    },
  )

  it('names the failed check: stale, wrong nonce, other identity, unsupported issuer; 400 for a malformed token', async () => {
    // More failures in a row than the verify rate limit lets through by default.
    const h = await startHarness({ verifyFailureLimit: 100 })
    const { credential } = await addOauth(h)
    const tek = await generateSessionKey()
    const nonce = await oidcNonce(tek.publicKey)
    const verify = (oidcToken: string) =>
      h.api(
        `${h.base}/auth/credentials/${credential.id}/verify`,
        json('POST', { type: 'OAUTH', oidcToken, clientPublicKey: tek.publicKey }),
      )
    const stale = token(h, { nonce })
    h.sandbox.clock.advance(66_000)
    const cases: Array<[string, number, string, RegExp?]> = [
      [stale, 401, 'UNAUTHORIZED', /60 seconds/],
      [token(h, { nonce: 'nope' }), 401, 'UNAUTHORIZED', /nonce/],
      [token(h, { nonce, sub: 'someone-else' }), 401, 'UNAUTHORIZED', /iss, aud or sub/],
      [token(h, { nonce, iss: 'https://evil.example' }), 401, 'UNAUTHORIZED', /issuer/],
      [
        token(h, { nonce, exp: Math.floor(h.sandbox.clock.now() / 1000) - 1 }),
        401,
        'UNAUTHORIZED',
        /expired/,
      ],
      ['not.a.jwt', 400, 'INVALID_INPUT'],
      [token(h, { nonce, sub: '' }), 400, 'INVALID_INPUT'],
    ]
    for (const [oidcToken, status, code, reason] of cases) {
      const response = await verify(oidcToken)
      const body = await response.json()
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(body.code).toBe(code)
      if (reason) expect(body.reason).toMatch(reason)
    }
    expect((await verify(token(h, { nonce }))).status).toBe(200)
  })

  it('refuses the same identity twice on one account', async () => {
    const h = await startHarness()
    const { accountId } = await addOauth(h)
    const error = await expectCode(
      () =>
        h.signed(
          `${h.base}/auth/credentials`,
          json('POST', { type: 'OAUTH', accountId, oidcToken: token(h) }),
        ),
      'INVALID_INPUT',
    )
    expect(error.status).toBe(400)
  })

  it('re-authenticates with /verify alone after the session expired', async () => {
    const h = await startHarness()
    const { credential } = await addOauth(h)
    h.sandbox.clock.advance(16 * 60_000)
    const key = await generateSessionKey()
    const response = await withWalletSignature(h.api, { getKey: () => key })(
      `${h.base}/auth/credentials/${credential.id}/verify`,
      json('POST', {
        type: 'OAUTH',
        oidcToken: token(h, { nonce: await oidcNonce(key.publicKey) }),
        clientPublicKey: key.publicKey,
      }),
    )
    expect(response.status).toBe(200)
  })
})
