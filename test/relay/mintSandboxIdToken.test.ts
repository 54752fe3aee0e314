// The sandbox-only ID-token minter: the claims of wire-formats section 9, a dummy signature, and an
// OAuth credential registered and signed in with it through the relay.
import { describe, expect, it } from 'vitest'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { checkIdToken } from '../../src/oauth/checkIdToken.js'
import { oidcNonce } from '../../src/oauth/oidcNonce.js'
import { mintSandboxIdToken } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { json, otpSignInThroughRelay, startRelayHarness } from './relayHarness.js'

const decode = (segment: string) => JSON.parse(new TextDecoder().decode(base64UrlToBytes(segment)))

describe('mintSandboxIdToken', () => {
  it('mints the claims the sandbox checks, iat now and exp now + ttl, with a dummy signature', () => {
    const now = 1_760_000_000_500
    const token = mintSandboxIdToken({
      aud: 'client-1',
      sub: 'user-1',
      email: 'ada@example.com',
      nonce: 'ab',
      now: () => now,
      ttlSeconds: 600,
    })
    const [header = '', claims = '', signature = ''] = token.split('.')
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'sandbox-unsigned' })
    expect(decode(claims)).toEqual({
      iss: 'https://accounts.google.com',
      aud: 'client-1',
      sub: 'user-1',
      iat: 1_760_000_000,
      exp: 1_760_000_600,
      email: 'ada@example.com',
      nonce: 'ab',
    })
    expect(new TextDecoder().decode(base64UrlToBytes(signature))).toBe('sandbox-unsigned')
    expect(checkIdToken(token, { now: () => now, nonce: 'ab' })).toMatchObject({ sub: 'user-1' })
    expect(
      decode(
        mintSandboxIdToken({ iss: 'https://appleid.apple.com', aud: 'a', sub: 's' }).split('.')[1] ?? '',
      ),
    ).not.toHaveProperty('nonce')
  })

  it('refuses missing claims', async () => {
    await expectCode(() => mintSandboxIdToken({ aud: '', sub: 's' }), 'INVALID_ARGUMENT')
    await expectCode(
      () => mintSandboxIdToken({ aud: 'a', sub: undefined as unknown as string }),
      'INVALID_ARGUMENT',
    )
    await expectCode(() => mintSandboxIdToken({ aud: 'a', sub: 's', ttlSeconds: 0 }), 'INVALID_ARGUMENT')
  })

  it('registers an OAuth credential and signs in with it through the relay', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const { key } = await otpSignInThroughRelay(r, ada)
    const now = r.h.sandbox.clock.now
    const page = r.browser('ada')
    const signed = withWalletSignature(page, { getKey: () => key, now })
    const claims = { aud: 'acme-web', sub: 'google-ada', email: 'ada@example.com', now }
    const created = await signed(
      `${r.appBase}/auth/credentials`,
      json('POST', { type: 'OAUTH', accountId: ada.accountId, oidcToken: mintSandboxIdToken(claims) }),
    )
    expect(created.status).toBe(201)
    const credential = await created.json()
    expect(credential).toMatchObject({ type: 'OAUTH', nickname: 'ada@example.com' })
    ada.owned.credentialIds.add(credential.id)

    const clientPublicKey = (await generateSessionKey()).publicKey
    const oidcToken = mintSandboxIdToken({ ...claims, nonce: await oidcNonce(clientPublicKey) })
    const verified = await page(
      `${r.appBase}/auth/credentials/${credential.id}/verify`,
      json('POST', { type: 'OAUTH', oidcToken, clientPublicKey }),
    )
    expect(verified.status).toBe(200)
    expect(await verified.json()).toMatchObject({ type: 'OAUTH', accountId: ada.accountId })

    const wrongNonce = await page(
      `${r.appBase}/auth/credentials/${credential.id}/verify`,
      json('POST', {
        type: 'OAUTH',
        oidcToken: mintSandboxIdToken({ ...claims, nonce: 'ab' }),
        clientPublicKey,
      }),
    )
    expect((await wrongNonce.json()).code).toBe('UNAUTHORIZED')
  })
})
