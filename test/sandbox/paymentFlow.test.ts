// The whole payment path a wallet page drives, with the kit: an EU customer's quote through two
// SCA steps, executed with the wallet's signature, then followed to its settled transaction.
import { describe, expect, it } from 'vitest'
import { authorizeSca, type ScaStep } from '../../src/sca/authorizeSca.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { parseWire, Quote } from '../../src/wire/index.js'
import { createCustomer, fund, getQuote, json, otpSignIn, quoteToUma, startHarness } from './harness.js'

describe('a payment from an embedded wallet', () => {
  it('authorizes two SCA steps, executes with a wallet signature and settles', async () => {
    const h = await startHarness()
    const address = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
    const { accountId, emailCredentialId } = await createCustomer(h, { address })
    const { key } = await otpSignIn(h, emailCredentialId, accountId)
    await fund(h, accountId, 100_000)

    const pending = await quoteToUma(h, accountId, `$success.eur@${h.sandbox.config.umaDomain}`, {
      lockedCurrencyAmount: 25_000,
    })
    expect(pending.status).toBe('PENDING_AUTHORIZATION')

    const steps: ScaStep[] = []
    const authorized = await authorizeSca({
      subject: pending,
      onChallenge: async (step) => {
        steps.push(step)
        return { otpCode: '123456' }
      },
      authorize: (proof) => h.api(`${h.base}/quotes/${pending.id}/authorize`, json('POST', proof)),
      reload: () => getQuote(h, pending.id),
      now: h.sandbox.clock.now,
    })
    expect(steps.map((step) => step.purpose)).toEqual(['CURRENCY_CONVERSION', 'PAYOUT'])
    expect(new Set(steps.map((step) => step.challenge.id)).size).toBe(2)
    expect(authorized.status).toBe('PENDING')

    const payloadToSign = String(authorized.paymentInstructions?.[0]?.accountOrWalletInfo.payloadToSign)
    const executed = await h.api(`${h.base}/quotes/${pending.id}/execute`, {
      method: 'POST',
      headers: { [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key), 'Idempotency-Key': 'pay-1' },
    })
    expect(executed.status).toBe(200)
    const processing = parseWire(Quote, await executed.json(), 'Quote')
    expect(processing.status).toBe('PROCESSING')

    h.sandbox.clock.advance(10_000)
    const settled = await getQuote(h, pending.id)
    expect(settled.status).toBe('COMPLETED')
    expect(settled.transactionId).toMatch(/^Transaction:/)
    const transaction = await (await h.api(`${h.base}/transactions/${settled.transactionId}`)).json()
    expect(transaction).toMatchObject({ id: settled.transactionId, quoteId: pending.id, status: 'COMPLETED' })
    const account = await (await h.api(`${h.base}/internal-accounts/${accountId}`)).json()
    expect(account.balance).toBe(100_000 - 25_000)
  })
})
