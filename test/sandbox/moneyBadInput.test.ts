// Whatever arrives at a money route, the answer is the spec's Error object with a 4xx, never a 500.
import { expect, it } from 'vitest'
import { createSandbox } from '../../src/sandbox/createSandbox.js'
import { ErrorBody } from '../../src/wire/errorBody.js'

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
  const sandbox = await createSandbox({ now: () => Date.parse('2026-03-02T10:00:00Z'), log: () => {} })
  const authorization = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    sandbox.fetch(
      new Request(`http://sandbox.test${sandbox.basePath}${path}`, {
        method,
        headers: { Authorization: authorization, ...headers },
        ...(body === undefined ? {} : { body }),
      }),
    )
  const customer = await (
    await send(
      'POST',
      '/customers',
      JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'A', address: { country: 'DE' } }),
    )
  ).json()
  const accounts = await (await send('GET', `/customers/internal-accounts?customerId=${customer.id}`)).json()
  const walletId = accounts.data[0].id
  const quote = await (
    await send(
      'POST',
      '/quotes',
      JSON.stringify({
        source: { sourceType: 'ACCOUNT', accountId: walletId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 5_000,
      }),
    )
  ).json()

  const paths = [
    '/quotes',
    `/quotes/${quote.id}/authorize`,
    `/quotes/${quote.id}/execute`,
    '/verifications',
    '/external-accounts',
    '/transfer-in',
    '/transfer-out',
    `/sandbox/internal-accounts/${walletId}/fund`,
    '/sandbox/send',
    '/sandbox/uma/receive',
    `/customers/${customer.id}/beneficial-owners`,
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
  for (const path of ['/quotes/%00', '/transactions/%E0%A4%A', '/external-accounts/x', '/verifications/x']) {
    const response = await send('GET', path)
    expect(response.status, path).toBe(404)
  }
})
