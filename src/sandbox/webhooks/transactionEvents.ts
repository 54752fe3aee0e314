import { iso, type SandboxContext } from '../context.js'
import type { TransactionRecord, TransactionStep } from '../money/moneyState.js'
import { transactionView } from '../money/transactionView.js'
import { wakeAfter } from './sandboxWebhooks.js'
import { isSandboxWebhookType } from './webhookEvent.js'

/** The transaction as it stood at `step`: its status, failure and settlement then. */
function viewAt(ctx: SandboxContext, transaction: TransactionRecord, step: TransactionStep) {
  const { failureReason: _failure, settledAt: _settled, refund, ...view } = transactionView(ctx, transaction)
  const last = step === transaction.steps.at(-1)
  return {
    ...view,
    status: step.status,
    updatedAt: iso(step.at),
    ...(step.status === 'FAILED' && step.failureReason ? { failureReason: step.failureReason } : {}),
    ...(step.status === 'FAILED' && last && refund ? { refund } : {}),
    ...(step.status === 'COMPLETED' ? { settledAt: iso(step.at) } : {}),
  }
}

/**
 * Starts announcing a transaction whose timeline just started: each step, as the sandbox clock
 * reaches it, becomes an `OUTGOING_PAYMENT.<status>` or `INCOMING_PAYMENT.<status>` webhook.
 *
 * @example
 * ```ts
 * announceTransaction(ctx, transaction) // in startTimeline
 * ```
 */
export function announceTransaction(ctx: SandboxContext, transaction: TransactionRecord): void {
  const webhooks = ctx.webhooks
  if (!webhooks) return
  webhooks.announced.set(transaction.id, 0)
  const now = ctx.clock.now()
  for (const step of transaction.steps) if (step.at > now) wakeAfter(webhooks, step.at - now)
}

/**
 * Sends the webhooks of every transaction step the sandbox clock has reached since the last call.
 *
 * @example
 * ```ts
 * announceDueSteps(ctx) // in settleMoney
 * ```
 */
export function announceDueSteps(ctx: SandboxContext): void {
  const webhooks = ctx.webhooks
  if (!webhooks || webhooks.announced.size === 0) return
  const now = ctx.clock.now()
  const sending = webhooks.hub.endpoint() !== undefined
  for (const [id, sent] of webhooks.announced) {
    const transaction = ctx.store.money.transactions.get(id)
    if (!transaction) {
      webhooks.announced.delete(id)
      continue
    }
    let next = sent
    for (const step of transaction.steps.slice(sent)) {
      if (step.at > now) break
      const prefix = transaction.type === 'OUTGOING' ? 'OUTGOING_PAYMENT' : 'INCOMING_PAYMENT'
      const type = `${prefix}.${step.status}`
      if (sending && isSandboxWebhookType(type)) webhooks.hub.emit(type, viewAt(ctx, transaction, step))
      next += 1
    }
    if (next >= transaction.steps.length) webhooks.announced.delete(id)
    else webhooks.announced.set(id, next)
  }
}
