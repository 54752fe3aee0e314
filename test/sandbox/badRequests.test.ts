// Hostile and sloppy requests get the spec's 4xx Error object: never a 500, never a hang.
import { describe, expect, it } from 'vitest'
import { createCustomer, json, startHarness } from './harness.js'

async function expectError(response: Response, status: number, code?: string) {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  expect(body.status).toBe(status)
  expect(typeof body.code).toBe('string')
  expect(typeof body.message).toBe('string')
  if (code) expect(body.code).toBe(code)
  return body
}

describe('the sandbox with bad requests', () => {
  it('requires HTTP Basic with the right credentials on every route', async () => {
    const h = await startHarness()
    for (const authorization of [undefined, 'Basic d3Jvbmc6d3Jvbmc=', 'Bearer x']) {
      const response = await h.sandbox.fetch(
        new Request(`${h.base}/customers`, {
          method: 'POST',
          body: '{}',
          headers: authorization ? { Authorization: authorization } : {},
        }),
      )
      const body = await expectError(response, 401, 'UNAUTHORIZED')
      expect(body.reason).toBeTruthy()
      expect(response.headers.get('WWW-Authenticate')).toMatch(/^Basic/)
    }
  })

  it('answers malformed JSON, wrong types and missing fields with 400 INVALID_INPUT and the paths', async () => {
    const h = await startHarness()
    await expectError(
      await h.api(`${h.base}/customers`, { method: 'POST', body: '{"customerType":' }),
      400,
      'INVALID_INPUT',
    )
    await expectError(
      await h.api(`${h.base}/customers`, { method: 'POST', body: '[]' }),
      400,
      'INVALID_INPUT',
    )
    const body = await expectError(
      await h.api(`${h.base}/customers`, json('POST', { customerType: 5 })),
      400,
      'INVALID_INPUT',
    )
    expect(body.details.issues.join(' ')).toMatch(/customerType/)
    const { accountId } = await createCustomer(h)
    await expectError(
      await h.api(`${h.base}/auth/credentials`, json('POST', { type: 'SMS', accountId })),
      400,
      'INVALID_INPUT',
    )
    await expectError(
      await h.api(`${h.base}/auth/credentials`, json('POST', { type: 'PASSKEY', accountId, challenge: 'x' })),
      400,
      'INVALID_INPUT',
    )
  })

  it('answers unknown ids with 404 and the codes the service defines', async () => {
    const h = await startHarness()
    const id = crypto.randomUUID()
    await expectError(await h.api(`${h.base}/customers/Customer:${id}`), 404, 'USER_NOT_FOUND')
    await expectError(
      await h.api(`${h.base}/auth/credentials/AuthMethod:${id}/challenge`, { method: 'POST' }),
      404,
      'REFERENCE_NOT_FOUND',
    )
    await expectError(
      await h.api(`${h.base}/auth/sessions/Session:${id}`, { method: 'DELETE' }),
      404,
      'REFERENCE_NOT_FOUND',
    )
    await expectError(
      await h.api(`${h.base}/internal-accounts/InternalAccount:${id}/export`, json('POST', {})),
      404,
    )
  })

  it('lists credentials and sessions only for a well-formed accountId: 400 without one, none for an unknown one', async () => {
    const h = await startHarness()
    for (const list of ['/auth/credentials', '/auth/sessions']) {
      await expectError(await h.api(`${h.base}${list}`), 400, 'INVALID_INPUT')
      await expectError(await h.api(`${h.base}${list}?accountId=nope`), 400, 'INVALID_INPUT')
      const unknown = await h.api(`${h.base}${list}?accountId=InternalAccount:${crypto.randomUUID()}`)
      expect(unknown.status).toBe(200)
      expect(await unknown.json()).toEqual({ data: [] })
    }
  })

  it('answers unknown routes with 404, known routes with a wrong method with 405', async () => {
    const h = await startHarness()
    await expectError(await h.api(`${h.base}/nowhere`), 404, 'REFERENCE_NOT_FOUND')
    await expectError(await h.api(`http://sandbox.test/2024-01-01/customers`), 404)
    const response = await h.api(`${h.base}/customers`, { method: 'PUT', body: '{}' })
    await expectError(response, 405, 'METHOD_NOT_ALLOWED')
    expect(response.headers.get('Allow')).toMatch(/POST/)
  })

  it('refuses oversized bodies with 413 before reading them', async () => {
    const h = await startHarness()
    const huge = JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(200_000) })
    await expectError(
      await h.api(`${h.base}/customers`, { method: 'POST', body: huge }),
      413,
      'PAYLOAD_TOO_LARGE',
    )
  })

  it('refuses clientPublicKey values that are not P-256 points', async () => {
    const h = await startHarness()
    const { emailCredentialId, accountId } = await createCustomer(h)
    for (const clientPublicKey of ['zz', `02${'ff'.repeat(32)}`, `04${'00'.repeat(64)}`]) {
      await expectError(
        await h.api(`${h.base}/internal-accounts/${accountId}/export`, json('POST', { clientPublicKey })),
        400,
        'INVALID_INPUT',
      )
    }
    await expectError(
      await h.api(`${h.base}/auth/credentials/${emailCredentialId}/verify`, json('POST', { type: 'OAUTH' })),
      400,
      'INVALID_INPUT',
    )
  })
})
