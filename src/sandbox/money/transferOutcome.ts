import type { OutcomePlan } from './moneyState.js'
import { outcomeSuffix } from './suffix.js'

/** Suffix `005`: how long a transfer stays pending before it fails. */
export const TRANSFER_PENDING_MS = 30_000
/** Suffix `004`: how long the bank takes to reject a transfer. */
export const BANK_REJECTION_DELAY_MS = 3_000

// Failure reasons by suffix, in the contract's vocabulary: a pull (transfer-in) is an incoming
// collection, a push (transfer-out) an outgoing payout.
const REASONS: Record<'IN' | 'OUT', Record<string, string>> = {
  IN: {
    '002': 'COLLECTION_FAILED',
    '003': 'COLLECTION_FAILED',
    '004': 'COLLECTION_FAILED',
    '005': 'COLLECTION_FAILED',
  },
  OUT: {
    '002': 'QUOTE_EXECUTION_FAILED',
    '003': 'ACCOUNT_INVALID',
    '004': 'ACCOUNT_CANNOT_RECEIVE',
    '005': 'QUOTE_EXECUTION_FAILED',
  },
}

/**
 * What happens to a transfer in or out, by the last 3 digits of the external account number (spec
 * "Sandbox outcomes: transfer in and transfer out"): `002` insufficient funds and `003` closed or
 * invalid account fail at once, `004` is rejected by the bank, `005` stays pending 30 seconds and
 * then fails, any other succeeds at once. Money already moved by a failed transfer goes back.
 *
 * @example
 * ```ts
 * transferOutcome('000123456005', 'OUT').steps
 * // [{ after: 0, status: 'PENDING' }, { after: 30000, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED' }]
 * ```
 */
export function transferOutcome(accountNumber: string, direction: 'IN' | 'OUT'): OutcomePlan {
  const suffix = outcomeSuffix(accountNumber)
  const failureReason = REASONS[direction][suffix]
  switch (suffix) {
    case '002':
    case '003':
      return {
        steps: [{ after: 0, status: 'FAILED', ...(failureReason ? { failureReason } : {}) }],
        refundAfter: 0,
      }
    case '004':
    case '005': {
      const after = suffix === '004' ? BANK_REJECTION_DELAY_MS : TRANSFER_PENDING_MS
      return {
        steps: [
          { after: 0, status: 'PENDING' },
          { after, status: 'FAILED', ...(failureReason ? { failureReason } : {}) },
        ],
        refundAfter: after,
      }
    }
    default:
      return { steps: [{ after: 0, status: 'COMPLETED' }] }
  }
}
