// The embedded-wallet execute path with a real stamp: the quote's payloadToSign, signed by the
// session key of a real OTP sign-in, checked by the sandbox (no Request-Id, wire-formats section 8).
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { createCustomer, fund, otpSignIn, quoteOf, quoteToUma, startHarness } from './harness.js'

async function setup() {
  const h = await startHarness()
  const { accountId, emailCredentialId } = await createCustomer(h)
  const { key } = await otpSignIn(h, emailCredentialId, accountId)
  await fund(h, accountId, 50_000_000)
  const quote = await quoteToUma(h, accountId, `$success.usd@${h.sandbox.config.umaDomain}`)
  const payloadToSign = quoteWalletPayload(quote)
  if (typeof payloadToSign !== 'string') throw new Error('no payloadToSign')
  return { h, key, quote, payloadToSign }
}

describe('POST /quotes/{quoteId}/execute with an embedded-wallet source', () => {
  it('executes with a session stamp over the quote payloadToSign (no Request-Id)', async () => {
    const { h, key, quote, payloadToSign } = await setup()
    const executed = await h.call(
      'POST',
      `/quotes/${quote.id}/execute`,
      {},
      {
        [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key),
      },
    )
    expect(quoteOf(executed)).toMatchObject({ status: 'PROCESSING' })
  })

  it('refuses a stamp over another payload, by a key without a session, or of an expired session', async () => {
    const { h, key, quote, payloadToSign } = await setup()
    const stranger = await generateSessionKey()
    for (const header of [await stamp(`${payloadToSign} `, key), await stamp(payloadToSign, stranger)]) {
      const reply = await h.call(
        'POST',
        `/quotes/${quote.id}/execute`,
        {},
        { [WALLET_SIGNATURE_HEADER]: header },
      )
      expect([reply.status, reply.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
    }
    h.sandbox.clock.advance(h.sandbox.config.sessionLifetimeMs)
    const late = await h.call(
      'POST',
      `/quotes/${quote.id}/execute`,
      {},
      { [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key) },
    )
    expect([late.status, late.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
  })
})
