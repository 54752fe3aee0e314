// The whole payment path a wallet page drives, with the kit, as the service runs it: an EU
// customer's quote executed with the wallet's signature, which opens the SCA challenge; the kit's
// loop authorizes it until the status leaves PENDING_AUTHORIZATION; the transaction named at the
// quote's creation is followed to its settlement.
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import { authorizeSca, type ScaStep } from '../../src/sca/authorizeSca.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { parseWire, Quote } from '../../src/wire/index.js'
import { balance, fund, getQuote, json, otpSignIn, quoteToUma, startHarness } from './harness.js'
import { payingCustomer } from './scaCustomer.js'

describe('a payment from an embedded wallet', () => {
  it('executes with a wallet signature, authorizes its SCA challenge and settles', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await payingCustomer(h, 'FR')
    const { key } = await otpSignIn(h, emailCredentialId, accountId)
    await fund(h, accountId, 100_000_000)

    const quote = await quoteToUma(h, accountId, `$success.eur@${h.sandbox.config.umaDomain}`, {
      lockedCurrencyAmount: 25_000_000,
    })
    expect(quote.status).toBe('PENDING')
    const payloadToSign = String(quoteWalletPayload(quote))
    const executed = await h.api(`${h.base}/quotes/${quote.id}/execute`, {
      method: 'POST',
      headers: { [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key), 'Idempotency-Key': 'pay-1' },
    })
    expect(executed.status).toBe(200)
    const pending = parseWire(Quote, await executed.json(), 'Quote')
    expect(pending.status).toBe('PENDING_AUTHORIZATION')
    // Nothing has moved until the customer authorizes.
    expect(await balance(h, accountId)).toBe(100_000_000)

    const steps: ScaStep[] = []
    const authorized = await authorizeSca({
      subject: pending,
      onChallenge: async (step) => {
        steps.push(step)
        return { code: '123456' }
      },
      authorize: async (proof) =>
        parseWire(
          Quote,
          await (await h.api(`${h.base}/quotes/${quote.id}/authorize`, json('POST', proof))).json(),
          'Quote',
        ),
      now: h.sandbox.clock.now,
    })
    expect(steps).toHaveLength(1)
    expect(authorized.status).toBe('PROCESSING')

    h.sandbox.clock.advance(10_000)
    const settled = await getQuote(h, quote.id)
    expect(settled.status).toBe('COMPLETED')
    expect(settled.transactionId).toBe(quote.transactionId)
    const transaction = await (await h.api(`${h.base}/transactions/${quote.transactionId}`)).json()
    expect(transaction).toMatchObject({ id: quote.transactionId, quoteId: quote.id, status: 'COMPLETED' })
    expect(await balance(h, accountId)).toBe(100_000_000 - 25_000_000)
  })
})
