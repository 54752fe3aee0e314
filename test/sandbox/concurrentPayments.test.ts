// The sandbox's payment limits under real parallel requests (Promise.all, every request in flight
// at once): the SCA back-off and lockout count every parallel wrong code, a quote executes once, and
// an Idempotency-Key moves money once. Each holds as some sequential order of the requests would.
import { describe, expect, it } from 'vitest'
import { FREE_AUTHORIZE_FAILURES } from '../../src/sandbox/money/quoteRoutes.js'
import { SCA_LOCKOUT_FAILURES } from '../../src/sandbox/sca/scaLockout.js'
import type { Quote } from '../../src/wire/quote.js'
import {
  balance,
  createCustomer,
  createExternalAccount,
  fund,
  type Harness,
  quoteOf,
  quoteToUma,
  type Reply,
  SIGNED,
  startHarness,
} from './harness.js'
import { payingCustomer } from './scaCustomer.js'
import { tallyReplies } from './tallyReplies.js'

const FUNDS = 50_000_000
const WRONG = { code: '000000' }
const PARALLEL = 40

/**
 * A funded payer in an SCA region (Germany, its phone verified, an SCA login done) and `count`
 * quotes of 10 USDB from its wallet.
 */
async function payerWithQuotes(h: Harness, count: number) {
  const payer = await payingCustomer(h, 'DE')
  await fund(h, payer.accountId, FUNDS)
  const quotes: Quote[] = []
  for (let i = 0; i < count; i++) {
    quotes.push(await quoteToUma(h, payer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`))
  }
  return { payer, quotes }
}

const execute = (h: Harness, quote: Quote, headers: Record<string, string> = SIGNED) =>
  h.call('POST', `/quotes/${quote.id}/execute`, {}, headers)
const authorize = (h: Harness, quote: Quote, body: unknown) =>
  h.call('POST', `/quotes/${quote.id}/authorize`, body)

describe('SCA authorization under parallel wrong codes', () => {
  it('judges only the free attempts of a challenge: the rest wait (429), the right code too', async () => {
    const h = await startHarness()
    const { payer, quotes } = await payerWithQuotes(h, 1)
    const [quote] = quotes as [Quote]
    expect(quoteOf(await execute(h, quote)).status).toBe('PENDING_AUTHORIZATION')
    const replies = await Promise.all(Array.from({ length: PARALLEL }, () => authorize(h, quote, WRONG)))
    expect(tallyReplies(replies)).toEqual({
      '400 INVALID_INPUT': FREE_AUTHORIZE_FAILURES,
      '429 RATE_LIMITED': PARALLEL - FREE_AUTHORIZE_FAILURES,
    })
    const right = await authorize(h, quote, { code: h.testing.scaCode })
    expect([right.status, right.body.code]).toEqual([429, 'RATE_LIMITED'])
    expect(await balance(h, payer.accountId)).toBe(FUNDS)
  })

  it('locks the customer after as many parallel misses as the lockout allows, over several challenges', async () => {
    const h = await startHarness()
    const { payer, quotes } = await payerWithQuotes(h, 4)
    for (const quote of quotes) expect(quoteOf(await execute(h, quote)).status).toBe('PENDING_AUTHORIZATION')
    // Ten wrong codes for each challenge at once: more free attempts (4 x 3) than the lockout's 10.
    const replies = await Promise.all(
      quotes.flatMap((quote) =>
        Array.from({ length: PARALLEL / quotes.length }, () => authorize(h, quote, WRONG)),
      ),
    )
    const counts = tallyReplies(replies)
    expect(counts['400 INVALID_INPUT']).toBe(SCA_LOCKOUT_FAILURES)
    expect(counts['423 ACCOUNT_LOCKED']).toBeGreaterThan(0)
    expect((counts['423 ACCOUNT_LOCKED'] ?? 0) + (counts['429 RATE_LIMITED'] ?? 0)).toBe(
      PARALLEL - SCA_LOCKOUT_FAILURES,
    )
    // The right code is refused as it is after ten misses in a row, and no money moved.
    const right = await authorize(h, quotes[0] as Quote, { code: h.testing.scaCode })
    expect([right.status, right.body.code]).toEqual([423, 'ACCOUNT_LOCKED'])
    expect(right.body.details).toMatchObject({ failedAttempts: SCA_LOCKOUT_FAILURES })
    expect(await balance(h, payer.accountId)).toBe(FUNDS)
  })
})

describe('quote execution under parallel requests', () => {
  it('executes a quote once: one challenge, the other executes 409', async () => {
    const h = await startHarness()
    const { quotes } = await payerWithQuotes(h, 1)
    const [quote] = quotes as [Quote]
    const replies = await Promise.all(Array.from({ length: 10 }, () => execute(h, quote)))
    expect(tallyReplies(replies)).toEqual({ '200': 1, '409 CONFLICT': 9 })
    const executed = quoteOf(replies.find((reply) => reply.status === 200) as Reply)
    const read = quoteOf(await h.call('GET', `/quotes/${quote.id}`))
    expect(read.scaChallenge?.id).toBe(executed.scaChallenge?.id)
  })

  it('answers parallel executes with one Idempotency-Key with the one execution', async () => {
    const h = await startHarness()
    const { quotes } = await payerWithQuotes(h, 1)
    const [quote] = quotes as [Quote]
    const headers = { ...SIGNED, 'Idempotency-Key': 'pay-once' }
    const replies = await Promise.all(Array.from({ length: 10 }, () => execute(h, quote, headers)))
    const [first] = replies as [Reply]
    expect(quoteOf(first).status).toBe('PENDING_AUTHORIZATION')
    for (const reply of replies) expect(reply).toEqual(first)
  })
})

describe('Idempotency-Key under parallel requests', () => {
  it('moves the money of parallel transfers with one key once, and answers each with that transfer', async () => {
    const h = await startHarness()
    const { customerId } = await createCustomer(h)
    const accounts = await h.call('GET', `/customers/internal-accounts?customerId=${customerId}&currency=USD`)
    const usd = (accounts.body.data as Array<{ id: string }>)[0]?.id as string
    const bank = await createExternalAccount(h, customerId, '000123456789')
    await fund(h, usd, 20_000)
    const body = { source: { accountId: usd }, destination: { accountId: bank }, amount: 5_000 }
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => h.call('POST', '/transfer-out', body, { 'Idempotency-Key': 'rent' })),
    )
    const [first] = replies as [Reply]
    expect(first.status).toBe(201)
    for (const reply of replies) expect(reply).toEqual(first)
    expect(await balance(h, usd)).toBe(20_000 - 5_000)
  })
})
