import type { OutcomePlan } from './moneyState.js'
import { outcomeSuffix } from './suffix.js'

/** Suffix `005`: how long a transfer stays pending before it fails. */
export const TRANSFER_PENDING_MS = 30_000
/** Suffix `004`: how long the bank takes to reject a transfer. */
export const BANK_REJECTION_DELAY_MS = 3_000

/**
 * What happens to a transfer in or out, by the last 3 digits of the external account number (spec
 * "Sandbox outcomes: transfer in and transfer out"): `002` insufficient funds and `003` closed or
 * invalid account fail at once, `004` is rejected by the bank, `005` stays pending 30 seconds and
 * then fails, any other succeeds at once. Money already moved by a failed transfer goes back.
 *
 * @example
 * ```ts
 * transferOutcome('000123456005').steps
 * // [{ after: 0, status: 'PENDING' }, { after: 30000, status: 'FAILED', failureReason: 'TRANSFER_FAILED' }]
 * ```
 */
export function transferOutcome(accountNumber: string): OutcomePlan {
  switch (outcomeSuffix(accountNumber)) {
    case '002':
      return { steps: [{ after: 0, status: 'FAILED', failureReason: 'INSUFFICIENT_FUNDS' }], refundAfter: 0 }
    case '003':
      return {
        steps: [{ after: 0, status: 'FAILED', failureReason: 'ACCOUNT_CLOSED_OR_INVALID' }],
        refundAfter: 0,
      }
    case '004':
      return {
        steps: [
          { after: 0, status: 'PENDING' },
          { after: BANK_REJECTION_DELAY_MS, status: 'FAILED', failureReason: 'BANK_REJECTED' },
        ],
        refundAfter: BANK_REJECTION_DELAY_MS,
      }
    case '005':
      return {
        steps: [
          { after: 0, status: 'PENDING' },
          { after: TRANSFER_PENDING_MS, status: 'FAILED', failureReason: 'TRANSFER_FAILED' },
        ],
        refundAfter: TRANSFER_PENDING_MS,
      }
    default:
      return { steps: [{ after: 0, status: 'COMPLETED' }] }
  }
}
