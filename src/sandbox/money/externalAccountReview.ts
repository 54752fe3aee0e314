import type { SandboxContext } from '../context.js'
import { announceExternalAccountStatus } from '../webhooks/accountEvents.js'
import { wakeAfter } from '../webhooks/sandboxWebhooks.js'
import type { ExternalAccountRecord } from './moneyState.js'
import { outcomeSuffix } from './suffix.js'

/** How long (sandbox clock) a new external account the sandbox reviews stays `UNDER_REVIEW`. */
export const EXTERNAL_ACCOUNT_REVIEW_MS = 2_000

// The review outcomes by the identifier's last 3 digits, beside the beneficiary-verification ones
// (102-107): a review that clears the account, and one that disables it.
const REVIEWS: Record<string, 'ACTIVE' | 'INACTIVE'> = { '108': 'ACTIVE', '109': 'INACTIVE' }

/**
 * Starts the screening review of a new external account, the sandbox's flow that changes an
 * external account's status: an identifier ending `108` is created `UNDER_REVIEW` and turns
 * `ACTIVE` `EXTERNAL_ACCOUNT_REVIEW_MS` later on the sandbox clock, `109` turns `INACTIVE`; each
 * change is announced as `EXTERNAL_ACCOUNT.STATUS_UPDATED`. Any other account is `ACTIVE` from its
 * creation, as before (so flows that pay a new account at once keep working).
 *
 * @example
 * ```ts
 * money.externalAccounts.set(account.id, account)
 * startExternalAccountReview(ctx, account)
 * ```
 */
export function startExternalAccountReview(ctx: SandboxContext, account: ExternalAccountRecord): void {
  const outcome = REVIEWS[outcomeSuffix(account.identifier)]
  if (outcome === undefined) return
  account.status = 'UNDER_REVIEW'
  account.review = { until: ctx.clock.now() + EXTERNAL_ACCOUNT_REVIEW_MS, outcome }
  ctx.store.money.externalAccountReviews.add(account.id)
  // On a clock that follows real time, the change is announced when its time comes.
  if (ctx.webhooks) wakeAfter(ctx.webhooks, EXTERNAL_ACCOUNT_REVIEW_MS)
}

/**
 * Ends every review the sandbox clock has reached: the account takes its outcome and the change is
 * announced, once. Run when the clock moves or wakes, and before external accounts are read.
 *
 * @example
 * ```ts
 * sandbox.clock.advance(EXTERNAL_ACCOUNT_REVIEW_MS)
 * reviewExternalAccounts(ctx) // the account is ACTIVE, EXTERNAL_ACCOUNT.STATUS_UPDATED sent
 * ```
 */
export function reviewExternalAccounts(ctx: SandboxContext): void {
  const { money } = ctx.store
  if (money.externalAccountReviews.size === 0) return
  const now = ctx.clock.now()
  for (const id of [...money.externalAccountReviews]) {
    const account = money.externalAccounts.get(id)
    if (!account?.review) {
      money.externalAccountReviews.delete(id)
      continue
    }
    if (account.review.until > now) continue
    account.status = account.review.outcome
    delete account.review
    money.externalAccountReviews.delete(id)
    announceExternalAccountStatus(ctx, account)
  }
}
