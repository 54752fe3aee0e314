import type { SandboxContext } from '../context.js'
import type { TransactionRecord, TransactionStep } from './moneyState.js'

/**
 * The step of a transaction's timeline that holds at the sandbox's now; `undefined` while money
 * has not started to move (a quote not yet released).
 *
 * @example
 * ```ts
 * currentStep(ctx, transaction)?.status // 'PROCESSING', later 'COMPLETED'
 * ```
 */
export function currentStep(
  ctx: SandboxContext,
  transaction: TransactionRecord,
): TransactionStep | undefined {
  const now = ctx.clock.now()
  let current = transaction.steps[0]
  for (const step of transaction.steps) if (step.at <= now) current = step
  return current
}
