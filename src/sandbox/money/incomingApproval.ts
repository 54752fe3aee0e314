import type { SandboxContext } from '../context.js'
import { SandboxError } from '../sandboxError.js'
import { announceTransaction } from '../webhooks/transactionEvents.js'
import { currentStep } from './currentStep.js'
import type { TransactionRecord, TransactionStep } from './moneyState.js'
import { createTransaction, settleMoney, startTransaction } from './transactions.js'
import { transactionView } from './transactionView.js'

/** The contract's time a platform has to approve or reject after answering 202. */
export const INCOMING_PAYMENT_APPROVAL_WINDOW_MS = 5_000

/** What the platform decided about a pending incoming payment. */
export type IncomingDecision = 'APPROVE' | 'REJECT'

/** An incoming payment's fields, and the account its money is credited to once approved. */
export interface IncomingPayment {
  fields: Omit<TransactionRecord, 'createdAt' | 'steps' | 'refund'>
  credit: { accountId: string; amount: number }
}

/** Whether the payment still waits for the platform (not decided, not timed out). */
function isAwaiting(ctx: SandboxContext, transaction: TransactionRecord): boolean {
  if (transaction.awaitingApproval !== true) return false
  return (currentStep(ctx, transaction)?.status ?? 'PENDING') === 'PENDING'
}

/**
 * Ends a pending payment now with `final`: the PENDING it was in stays the first step (already
 * sent, once, by `deliverOnce`), and the final step is announced as any other step is
 * (`INCOMING_PAYMENT.COMPLETED` or `.FAILED`, retried as those are). An approval credits the
 * receiver's account at once.
 */
function end(
  ctx: SandboxContext,
  transaction: TransactionRecord,
  final: Omit<TransactionStep, 'at'>,
  credit?: IncomingPayment['credit'],
): void {
  const now = ctx.clock.now()
  delete transaction.awaitingApproval
  transaction.steps = [
    { at: transaction.createdAt, status: 'PENDING' },
    { at: now, ...final },
  ]
  if (credit)
    ctx.store.money.pendingEffects.push({ at: now, accountId: credit.accountId, amount: credit.amount })
  announceTransaction(ctx, transaction)
  // The PENDING step went out through `deliverOnce`: only the final one is left to announce.
  ctx.webhooks?.announced.set(transaction.id, 1)
  settleMoney(ctx)
}

/**
 * Waits for the platform after a 202: the payment stays PENDING until `approve`/`reject`, or
 * fails with `PAYMENT_APPROVAL_TIMED_OUT` once the window has passed on the sandbox clock (read
 * from the clock, so moving it ends the wait at once, and announced when it comes due).
 */
function awaitPlatform(ctx: SandboxContext, transaction: TransactionRecord): void {
  const deadline = ctx.clock.now() + ctx.config.incomingPaymentApprovalWindowMs
  transaction.steps = [
    { at: transaction.createdAt, status: 'PENDING' },
    { at: deadline, status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' },
  ]
  announceTransaction(ctx, transaction)
  ctx.webhooks?.announced.set(transaction.id, 1)
}

/**
 * Receives an incoming UMA payment as the service does for a platform with a webhook endpoint:
 * the transaction starts PENDING, `INCOMING_PAYMENT.PENDING` is sent once (never retried, the
 * contract's approval mechanism), and the endpoint's answer decides it: 200 (any 2xx but 202)
 * approves (COMPLETED, credited); 403 rejects, and so does 422 (the sandbox's senders have no
 * more information to give): FAILED, with no failure reason, as the contract has none for a
 * platform's own refusal; 202 leaves it PENDING for `POST /transactions/{id}/approve|reject` within
 * `incomingPaymentApprovalWindowMs` (sandbox clock), else FAILED `PAYMENT_APPROVAL_TIMED_OUT`; no
 * answer or any other status is FAILED `PAYMENT_APPROVAL_WEBHOOK_ERROR`. An approve or reject that
 * comes before the answer (a platform that calls the API before answering 202) decides it too,
 * and the answer then changes nothing. Without an endpoint the payment completes at once.
 * Resolves once the answer is in, with the transaction as it then stands.
 *
 * @example
 * ```ts
 * const transaction = await receiveIncomingPayment(ctx, { fields, credit })
 * return c.json(transactionView(ctx, transaction))
 * ```
 */
export async function receiveIncomingPayment(
  ctx: SandboxContext,
  payment: IncomingPayment,
): Promise<TransactionRecord> {
  const { fields, credit } = payment
  const hub = ctx.webhooks?.hub
  if (hub?.endpoint() === undefined) {
    return startTransaction(ctx, fields, { plan: { steps: [{ after: 0, status: 'COMPLETED' }] }, credit })
  }
  const transaction = createTransaction(ctx, { ...fields, awaitingApproval: true })
  const answer = await hub.deliverOnce('INCOMING_PAYMENT.PENDING', transactionView(ctx, transaction))
  // Decided while the answer was on its way: the answer changes nothing.
  if (!isAwaiting(ctx, transaction)) return transaction
  const status = answer?.status
  if (status === 202) awaitPlatform(ctx, transaction)
  else if (status !== undefined && status >= 200 && status < 300)
    end(ctx, transaction, { status: 'COMPLETED' }, credit)
  else if (status === 403 || status === 422) end(ctx, transaction, { status: 'FAILED' })
  else end(ctx, transaction, { status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' })
  if (status !== 202) {
    ctx.config.log(
      `sandbox: incoming payment ${transaction.id} ${status === undefined ? 'not answered' : `answered ${status}`}: ${
        transactionView(ctx, transaction).status
      }`,
    )
  }
  return transaction
}

/**
 * The platform's `approve` or `reject` of a payment waiting for it: approved, it completes and is
 * credited at once; rejected, it fails (no failure reason: see `receiveIncomingPayment`). Anything
 * not waiting (another transaction, one decided already, one whose window has passed) is 409
 * `TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL`. Synchronous from check to change, so of two
 * decisions at once exactly one wins.
 *
 * @example
 * ```ts
 * decideIncomingPayment(ctx, requireTransaction(ctx, id), 'APPROVE')
 * ```
 */
export function decideIncomingPayment(
  ctx: SandboxContext,
  transaction: TransactionRecord,
  decision: IncomingDecision,
): void {
  if (!isAwaiting(ctx, transaction)) {
    const status = String(transactionView(ctx, transaction).status)
    throw new SandboxError({
      status: 409,
      code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL',
      message:
        transaction.type === 'INCOMING' && transaction.awaitingApproval === true
          ? 'The time to approve or reject this payment has passed: it failed.'
          : `This transaction is not waiting for the platform's approval (it is ${status}).`,
    })
  }
  if (decision === 'APPROVE') {
    const { destination, received } = transaction
    const accountId = destination.destinationType === 'ACCOUNT' ? destination.accountId : undefined
    end(
      ctx,
      transaction,
      { status: 'COMPLETED' },
      accountId === undefined ? undefined : { accountId, amount: received.amount },
    )
  } else {
    end(ctx, transaction, { status: 'FAILED' })
  }
}
