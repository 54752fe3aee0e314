// Whatever arrives at a money route, the answer is the spec's Error object with a 4xx, never a 500.
import { expect, it } from 'vitest'
import { ErrorBody } from '../../src/wire/errorBody.js'
import { createCustomer, quoteToUma, startHarness } from './harness.js'

const BODIES = [
  '',
  'null',
  '1',
  '"text"',
  '[]',
  '{}',
  '{"source":',
  '\u00ff\u00fe',
  JSON.stringify({
    source: null,
    destination: [],
    amount: 1e308,
    customerId: {},
    otpCode: null,
    passkeyAssertion: { credentialId: '!!' },
    quoteId: 5,
    personalInfo: 'x',
    accountInfo: [],
    currency: 5,
  }),
  JSON.stringify({
    passkeyAssertion: { credentialId: 'YQ', clientDataJson: 'YQ', authenticatorData: 'YQ', signature: 'YQ' },
    origin: 'http://localhost:5173',
  }),
  JSON.stringify({
    lockedCurrencySide: 'RECEIVING',
    lockedCurrencyAmount: Number.MAX_SAFE_INTEGER,
    source: { sourceType: 'REALTIME_FUNDING', currency: 'NGN' },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
  }),
]

it('answers every malformed, ill-typed or oversized value on the money routes with a 4xx Error object', async () => {
  const h = await startHarness({ now: () => Date.parse('2026-03-02T10:00:00Z') })
  // The bodies go as they are, without a Content-Type: whatever arrives.
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    h.api(`${h.base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
  const { accountId: walletId } = await createCustomer(h, {
    fullName: 'A',
    address: { line1: '1 Hauptstrasse', city: 'Berlin', postalCode: '10115', country: 'DE' },
  })
  const quote = await quoteToUma(h, walletId, '$success.usd@sandbox.uma.example')

  const paths = [
    '/quotes',
    `/quotes/${quote.id}/authorize`,
    `/quotes/${quote.id}/authorize/resend`,
    `/quotes/${quote.id}/execute`,
    '/verifications',
    '/customers/external-accounts',
    '/platform/external-accounts',
    '/transfer-in',
    '/transfer-out',
    `/sandbox/internal-accounts/${walletId}/fund`,
    '/sandbox/send',
    '/sandbox/uma/receive',
    '/beneficial-owners',
  ]
  const headerSets: Array<Record<string, string>> = [
    {},
    { 'Service-Wallet-Signature': 'sandbox-valid-signature', 'Idempotency-Key': 'k' },
  ]
  for (const path of paths) {
    for (const body of BODIES) {
      for (const headers of headerSets) {
        const response = await send('POST', path, body, headers)
        expect(response.status, `${path} ${body}`).toBeGreaterThanOrEqual(400)
        expect(response.status, `${path} ${body}`).toBeLessThan(500)
        expect(ErrorBody.safeParse(await response.json()).success).toBe(true)
      }
    }
  }
  // A path that does not even percent-decode is still answered with the contract's 404.
  const undecodable = await send('GET', '/transactions/%E0%A4%A')
  expect([undecodable.status, (await undecodable.json()).code]).toEqual([404, 'TRANSACTION_NOT_FOUND'])
  for (const path of [
    '/quotes/%00',
    '/customers/external-accounts/x',
    '/platform/external-accounts/x',
    '/verifications/x',
    '/beneficial-owners/x',
  ]) {
    const response = await send('GET', path)
    expect(response.status, path).toBe(404)
  }
  for (const path of [
    '/customers/internal-accounts?limit=-1',
    '/transactions?cursor=%00',
    '/verifications?verificationStatus=%00',
  ]) {
    const response = await send('GET', path)
    expect(response.status, path).toBe(400)
  }
})
