import type { OutcomePlan, ResolvedDestination } from './moneyState.js'
import { outcomeSuffix } from './suffix.js'

/** "A few seconds": how long an ordinary payment stays PROCESSING. */
export const SETTLEMENT_DELAY_MS = 3_000
/** Suffix `003`: a long payment completes after about 6 minutes. */
export const LONG_PAYMENT_DELAY_MS = 6 * 60_000
/** Suffix `005`: how long after completing the receiving bank returns the payment. */
export const RETURN_DELAY_MS = 60_000
/** `$pending.long.usd@…`: how long the long-pending UMA payment stays PROCESSING. */
export const UMA_LONG_PENDING_MS = 60 * 60_000

function failsAfter(after: number, failureReason: string, refund = true): OutcomePlan {
  return {
    steps: [
      { after: 0, status: 'PROCESSING' },
      { after, status: 'FAILED', failureReason },
    ],
    ...(refund ? { refundAfter: after } : { refundFailed: true }),
  }
}

function completesAfter(after: number): OutcomePlan {
  return {
    steps: [
      { after: 0, status: 'PROCESSING' },
      { after, status: 'COMPLETED' },
    ],
  }
}

/**
 * What happens to an executed quote, by its destination (spec "Sandbox outcomes: quote with an
 * external-account destination" and "Sandbox UMA destinations"). External accounts go by the last
 * 3 digits of their account number: `002` fails at execution, `003` completes after 6 minutes,
 * `004` (counterparty delivery) and `006` (user cancellation) fail, `005` completes and is then
 * returned, `007` fails and so does its refund, any other completes after a few seconds. Failure
 * reasons are the contract's (`QUOTE_EXECUTION_FAILED`, `COUNTERPARTY_POST_TX_FAILED`,
 * `PAYOUT_RETURNED`, `COMPLIANCE_REJECTED`). Failed payments are refunded to an internal source.
 * Internal accounts and customers' UMA addresses are book transfers: completed at once.
 *
 * @example
 * ```ts
 * quoteOutcome({ kind: 'EXTERNAL_ACCOUNT', accountId, identifier: '000123456003' }).steps.at(-1)
 * // { after: 360000, status: 'COMPLETED' }
 * ```
 */
export function quoteOutcome(destination: ResolvedDestination): OutcomePlan {
  switch (destination.kind) {
    case 'INTERNAL_ACCOUNT':
    case 'UMA_CUSTOMER':
      return { steps: [{ after: 0, status: 'COMPLETED' }] }
    case 'UMA_TEST':
      if (destination.scenario === 'LONG_PENDING') return completesAfter(UMA_LONG_PENDING_MS)
      if (destination.scenario === 'COMPLIANCE_FAILURE') {
        return failsAfter(SETTLEMENT_DELAY_MS, 'COMPLIANCE_REJECTED')
      }
      return completesAfter(SETTLEMENT_DELAY_MS)
    case 'EXTERNAL_ACCOUNT':
      switch (outcomeSuffix(destination.identifier)) {
        case '002':
          return {
            steps: [{ after: 0, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED' }],
            refundAfter: 0,
          }
        case '003':
          return completesAfter(LONG_PAYMENT_DELAY_MS)
        case '004':
          return failsAfter(SETTLEMENT_DELAY_MS, 'COUNTERPARTY_POST_TX_FAILED')
        case '005':
          return {
            steps: [
              { after: 0, status: 'PROCESSING' },
              { after: SETTLEMENT_DELAY_MS, status: 'COMPLETED' },
              {
                after: SETTLEMENT_DELAY_MS + RETURN_DELAY_MS,
                status: 'FAILED',
                failureReason: 'PAYOUT_RETURNED',
              },
            ],
            refundAfter: SETTLEMENT_DELAY_MS + RETURN_DELAY_MS,
          }
        case '006':
          return failsAfter(SETTLEMENT_DELAY_MS, 'QUOTE_EXECUTION_FAILED')
        case '007':
          return failsAfter(SETTLEMENT_DELAY_MS, 'QUOTE_EXECUTION_FAILED', false)
        default:
          return completesAfter(SETTLEMENT_DELAY_MS)
      }
  }
}
