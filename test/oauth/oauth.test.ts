import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { checkIdToken } from '../../src/oauth/checkIdToken.js'
import { oidcNonce } from '../../src/oauth/oidcNonce.js'
import { expectCode } from '../helpers/expectCode.js'

const NOW = Date.parse('2026-11-21T10:00:00Z')
const nowSeconds = NOW / 1000
const encode = (value: unknown) => bytesToBase64Url(new TextEncoder().encode(JSON.stringify(value)))
const token = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'RS256' })}.${encode(claims)}.dummy-signature`
const claims = {
  iss: 'https://accounts.google.com',
  aud: 'client-1',
  sub: '1234567890',
  iat: nowSeconds - 10,
  exp: nowSeconds + 3600,
  email: 'ada@example.com',
}

describe('oidcNonce', () => {
  it('is the lowercase hex SHA-256 of the exact hex string, not of its bytes', async () => {
    const clientPublicKey = `04${'AB'.repeat(64)}`
    expect(await oidcNonce(clientPublicKey)).toBe(
      createHash('sha256').update(clientPublicKey, 'utf8').digest('hex'),
    )
    expect(await oidcNonce(clientPublicKey)).not.toBe(await oidcNonce(clientPublicKey.toLowerCase()))
    expect(await oidcNonce('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
  })
})

describe('checkIdToken', () => {
  it('returns the claims of a fresh token with the right nonce', async () => {
    const nonce = await oidcNonce('02aa')
    expect(checkIdToken(token({ ...claims, nonce }), { nonce, now: () => NOW })).toMatchObject({
      sub: '1234567890',
      nonce,
    })
    expect(checkIdToken(token({ ...claims, aud: ['client-1'] }), { now: () => NOW }).aud).toEqual([
      'client-1',
    ])
  })

  it('allows an iat up to 60 s old and up to 5 s ahead, and no more', async () => {
    const at = (iat: number) => () => checkIdToken(token({ ...claims, iat }), { now: () => NOW })
    expect(at(nowSeconds - 60)()).toBeTruthy()
    expect(at(nowSeconds + 5)()).toBeTruthy()
    await expectCode(at(nowSeconds - 61), 'OIDC_TOKEN_STALE')
    await expectCode(at(nowSeconds + 6), 'OIDC_TOKEN_NOT_YET_VALID')
  })

  it('refuses an expired token and a wrong or missing nonce', async () => {
    for (const exp of [nowSeconds - 1, nowSeconds]) {
      await expectCode(
        () => checkIdToken(token({ ...claims, exp }), { now: () => NOW }),
        'OIDC_TOKEN_EXPIRED',
      )
    }
    const options = { nonce: await oidcNonce('02aa'), now: () => NOW }
    await expectCode(() => checkIdToken(token({ ...claims, nonce: 'other' }), options), 'OIDC_NONCE_MISMATCH')
    await expectCode(() => checkIdToken(token(claims), options), 'OIDC_NONCE_MISMATCH')
  })

  it.each([
    ['two segments', 'a.b'],
    ['a payload that is not base64url', 'a.***.c'],
    ['a payload that is not JSON', `a.${bytesToBase64Url(new TextEncoder().encode('{'))}.c`],
    ['a missing sub', token({ ...claims, sub: undefined })],
    ['an empty iss', token({ ...claims, iss: '' })],
    ['a two-element aud', token({ ...claims, aud: ['a', 'b'] })],
    ['a string iat', token({ ...claims, iat: String(nowSeconds) })],
    ['not a string at all', 42],
  ])('refuses %s as OIDC_TOKEN_MALFORMED', async (_name, value) => {
    await expectCode(() => checkIdToken(value as string, { now: () => NOW }), 'OIDC_TOKEN_MALFORMED')
  })
})
