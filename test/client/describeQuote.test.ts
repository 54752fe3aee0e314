// What the confirm hook is told about a payment, from the quote alone: the contract makes a
// currency's `code` and `decimals` optional, and a missing one is said, never guessed.
import { describe, expect, it } from 'vitest'
import { describeQuote } from '../../src/client/describeQuote.js'
import { parseWire, Quote } from '../../src/wire/index.js'

function quoteWith(sendingCurrency: object, receivingCurrency: object): Quote {
  return parseWire(
    Quote,
    {
      id: 'Quote:1',
      status: 'PENDING',
      createdAt: '2026-11-21T10:00:00Z',
      expiresAt: '2026-11-21T10:05:00Z',
      source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example' },
      sendingCurrency,
      receivingCurrency,
      totalSendingAmount: 10_000_000,
      totalReceivingAmount: 975,
      exchangeRate: 1,
      feesIncluded: 250_000,
    },
    'Quote',
  )
}

describe('describeQuote', () => {
  it('scales each amount by its currency decimals', () => {
    const description = describeQuote(quoteWith({ code: 'USDB', decimals: 6 }, { code: 'USD', decimals: 2 }))
    expect(description.summary).toBe(
      'Pay 10.00 USDB (fees 0.25 USDB included) to $bob@uma.example, who receives 9.75 USD.',
    )
    expect(description.payment?.sent).toEqual({ amount: 10_000_000, currency: 'USDB', decimals: 6 })
  })

  it('gives an amount without decimals in minor units, and names a missing code as such', () => {
    const description = describeQuote(quoteWith({ code: 'USDB' }, { decimals: 2 }))
    expect(description.summary).toBe(
      'Pay 10,000,000 minor units of USDB (fees 250,000 minor units of USDB included) to $bob@uma.example, who receives 9.75 (currency not given).',
    )
    // The amount and its places still multiply out to what the quote says: nothing is scaled.
    expect(description.payment?.sent).toEqual({
      amount: 10_000_000,
      currency: 'minor units of USDB',
      decimals: 0,
    })
    expect(description.payment?.received).toEqual({
      amount: 975,
      currency: '(currency not given)',
      decimals: 2,
    })
  })

  it('describes a currency with no members at all', () => {
    expect(describeQuote(quoteWith({}, {})).payment?.sent.currency).toBe('minor units (currency not given)')
  })
})
