// Every outcome of wire-formats section 1 and the spec's signed-retry rules, on one operation.
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { LEGACY_SIGNATURE } from '../../src/sandbox/index.js'
import { stamp } from '../../src/stamp/stamp.js'
import { createCustomer, type Harness, json, otpSignIn, startHarness } from './harness.js'

async function signedIn() {
  const h = await startHarness()
  const { accountId, emailCredentialId } = await createCustomer(h)
  await otpSignIn(h, emailCredentialId, accountId)
  const url = `${h.base}/internal-accounts/${accountId}`
  const body = JSON.stringify({ privateEnabled: true })
  const challenge = async (requestBody = body) => {
    const response = await h.api(url, { method: 'PATCH', body: requestBody })
    expect(response.status).toBe(202)
    return response.json() as Promise<{ payloadToSign: string; requestId: string; expiresAt: string }>
  }
  const retry = (headers: Record<string, string>, requestBody = body) =>
    h.api(url, { method: 'PATCH', body: requestBody, headers })
  return { h, accountId, challenge, retry }
}

async function expectError(response: Response, status: number, code: string) {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(body).toMatchObject({ status, code })
  expect(typeof body.message).toBe('string')
  return body
}

const sign = (h: Harness, payload: string) => stamp(payload, h.session.key ?? (undefined as never))

describe('signed retries in the sandbox', () => {
  it('accepts a stamp over the exact payload, once', async () => {
    const { h, challenge, retry } = await signedIn()
    const { payloadToSign, requestId } = await challenge()
    const headers = { 'Service-Wallet-Signature': await sign(h, payloadToSign), 'Request-Id': requestId }
    expect((await retry(headers)).status).toBe(200)
    const reused = await expectError(await retry(headers), 401, 'UNAUTHORIZED')
    expect(reused.reason).toMatch(/already used/)
  })

  it("issues the service's activity JSON, a different payload for every request id", async () => {
    const { challenge } = await signedIn()
    // The harness clock stands still: both 202s are issued in the same millisecond.
    const first = await challenge()
    const second = await challenge()
    expect(first.payloadToSign).not.toBe(second.payloadToSign)
    const payload = JSON.parse(first.payloadToSign)
    expect(Object.keys(payload)).toEqual(['organizationId', 'parameters', 'timestampMs', 'type'])
    expect(payload.timestampMs).toMatch(/^\d+$/)
    expect(payload.type).toMatch(/^ACTIVITY_TYPE_/)
    expect(payload.parameters.requestId).toBe(first.requestId)
  })

  it('WALLET_SIGNATURE_MISSING: a Request-Id without a signature', async () => {
    const { challenge, retry } = await signedIn()
    const { requestId } = await challenge()
    await expectError(await retry({ 'Request-Id': requestId }), 401, 'WALLET_SIGNATURE_MISSING')
  })

  it('REQUEST_ID_MISSING: a signature without a Request-Id', async () => {
    const { h, challenge, retry } = await signedIn()
    const { payloadToSign } = await challenge()
    await expectError(
      await retry({ 'Service-Wallet-Signature': await sign(h, payloadToSign) }),
      401,
      'REQUEST_ID_MISSING',
    )
  })

  it.each([
    ['not base64url', '***'],
    ['not JSON', bytesToBase64Url(new TextEncoder().encode('{publicKey'))],
    [
      'missing fields',
      bytesToBase64Url(new TextEncoder().encode('{"scheme":"SIGNATURE_SCHEME_TK_API_P256"}')),
    ],
    [
      'an unknown scheme',
      bytesToBase64Url(
        new TextEncoder().encode(
          `{"publicKey":"02${'11'.repeat(32)}","scheme":"X","signature":"3006020101020101"}`,
        ),
      ),
    ],
    [
      'bad DER',
      bytesToBase64Url(
        new TextEncoder().encode(
          `{"publicKey":"02${'11'.repeat(32)}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"30"}`,
        ),
      ),
    ],
  ])('WALLET_SIGNATURE_MALFORMED: %s', async (_name, header) => {
    const { challenge, retry } = await signedIn()
    const { requestId } = await challenge()
    await expectError(
      await retry({ 'Service-Wallet-Signature': header, 'Request-Id': requestId }),
      401,
      'WALLET_SIGNATURE_MALFORMED',
    )
  })

  it('WALLET_SIGNATURE_BODY_MISMATCH: the body changed between the 202 and the retry', async () => {
    const { h, challenge, retry } = await signedIn()
    const { payloadToSign, requestId } = await challenge()
    const headers = { 'Service-Wallet-Signature': await sign(h, payloadToSign), 'Request-Id': requestId }
    await expectError(
      await retry(headers, JSON.stringify({ privateEnabled: false })),
      401,
      'WALLET_SIGNATURE_BODY_MISMATCH',
    )
  })

  it('WALLET_SIGNATURE_BODY_MISMATCH: a stamp over another pending payload of the operation', async () => {
    const { h, challenge, retry } = await signedIn()
    const mine = await challenge()
    const other = await challenge(JSON.stringify({ privateEnabled: false }))
    const headers = {
      'Service-Wallet-Signature': await sign(h, other.payloadToSign),
      'Request-Id': mine.requestId,
    }
    await expectError(await retry(headers), 401, 'WALLET_SIGNATURE_BODY_MISMATCH')
  })

  it('WALLET_SIGNATURE_INVALID: a key that is no session of the wallet, or a bad signature', async () => {
    const { challenge, retry } = await signedIn()
    const stranger = await generateSessionKey()
    for (const sign of [
      (payload: string) => stamp(payload, stranger),
      (payload: string) => stamp(`${payload} `, stranger),
    ]) {
      const { payloadToSign, requestId } = await challenge()
      const response = await retry({
        'Service-Wallet-Signature': await sign(payloadToSign),
        'Request-Id': requestId,
      })
      await expectError(response, 401, 'WALLET_SIGNATURE_INVALID')
    }
  })

  it('spends a request id on its first retry: parallel retries of one id, one success', async () => {
    const { h, challenge, retry } = await signedIn()
    const { payloadToSign, requestId } = await challenge()
    const headers = { 'Service-Wallet-Signature': await sign(h, payloadToSign), 'Request-Id': requestId }
    const statuses = (await Promise.all([retry(headers), retry(headers), retry(headers)])).map(
      (r) => r.status,
    )
    expect(statuses.sort()).toEqual([200, 401, 401])
  })

  it('refuses a retry after the challenge expired (5 minutes of sandbox time)', async () => {
    const { h, challenge, retry } = await signedIn()
    const { payloadToSign, requestId, expiresAt } = await challenge()
    expect(Date.parse(expiresAt) - h.sandbox.clock.now()).toBe(5 * 60_000)
    h.sandbox.clock.advance(5 * 60_000)
    const body = await expectError(
      await retry({ 'Service-Wallet-Signature': await sign(h, payloadToSign), 'Request-Id': requestId }),
      401,
      'UNAUTHORIZED',
    )
    expect(body.reason).toMatch(/expired/)
  })

  it('refuses a Request-Id of another operation', async () => {
    const { h, accountId, challenge } = await signedIn()
    const { payloadToSign, requestId } = await challenge()
    const headers = { 'Service-Wallet-Signature': await sign(h, payloadToSign), 'Request-Id': requestId }
    const sessions = await (await h.api(`${h.base}/auth/sessions?accountId=${accountId}`)).json()
    const response = await h.api(`${h.base}/auth/sessions/${sessions.data[0].id}`, {
      method: 'DELETE',
      headers,
    })
    await expectError(response, 401, 'UNAUTHORIZED')
  })

  it('still accepts the legacy sandbox-valid-signature value', async () => {
    const { challenge, retry } = await signedIn()
    const { requestId } = await challenge()
    expect(
      (await retry({ 'Service-Wallet-Signature': LEGACY_SIGNATURE, 'Request-Id': requestId })).status,
    ).toBe(200)
  })

  it('uses the kit end to end: a rejected retry becomes a typed error', async () => {
    const { h, accountId } = await signedIn()
    h.session.key = await generateSessionKey()
    const error = await h
      .signed(`${h.base}/internal-accounts/${accountId}`, json('PATCH', { privateEnabled: true }))
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID', status: 401 })
  })
})
