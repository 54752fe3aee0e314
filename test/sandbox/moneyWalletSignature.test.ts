// The embedded-wallet execute path with a real stamp: the quote's payloadToSign, signed by the
// session key of a real OTP sign-in, checked by the sandbox (no Request-Id, wire-formats section 8).
import { describe, expect, it } from 'vitest'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { parseWire } from '../../src/wire/parseWire.js'
import { Quote } from '../../src/wire/quote.js'
import { createCustomer, json, otpSignIn, startHarness } from './harness.js'

async function setup() {
  const h = await startHarness()
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const init = json('POST', body)
    const response = await h.api(`${h.base}${path}`, { ...init, headers: { ...init.headers, ...headers } })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const { accountId, emailCredentialId } = await createCustomer(h)
  const { key } = await otpSignIn(h, emailCredentialId, accountId)
  expect((await call(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 50_000 })).status).toBe(200)
  const created = await call('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: `$success.usd@${h.sandbox.config.umaDomain}` },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 10_000,
  })
  const quote = parseWire(Quote, created.body, 'Quote')
  const payloadToSign = quote.paymentInstructions?.[0]?.accountOrWalletInfo.payloadToSign
  if (typeof payloadToSign !== 'string') throw new Error('no payloadToSign')
  return { sandbox: h.sandbox, call, key, quote, payloadToSign }
}

describe('POST /quotes/{quoteId}/execute with an embedded-wallet source', () => {
  it('executes with a session stamp over the quote payloadToSign (no Request-Id)', async () => {
    const { call, key, quote, payloadToSign } = await setup()
    const executed = await call(
      `/quotes/${quote.id}/execute`,
      {},
      {
        [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key),
      },
    )
    expect(executed.status).toBe(200)
    expect(parseWire(Quote, executed.body, 'Quote')).toMatchObject({ status: 'PROCESSING' })
  })

  it('refuses a stamp over another payload, by a key without a session, or of an expired session', async () => {
    const { sandbox, call, key, quote, payloadToSign } = await setup()
    const stranger = await generateSessionKey()
    for (const header of [await stamp(`${payloadToSign} `, key), await stamp(payloadToSign, stranger)]) {
      const reply = await call(`/quotes/${quote.id}/execute`, {}, { [WALLET_SIGNATURE_HEADER]: header })
      expect([reply.status, reply.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
    }
    sandbox.clock.advance(sandbox.config.sessionLifetimeMs)
    const late = await call(
      `/quotes/${quote.id}/execute`,
      {},
      { [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key) },
    )
    expect([late.status, late.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
  })
})
