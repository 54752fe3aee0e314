import type { SandboxContext } from '../context.js'
import { invalidInput } from '../sandboxError.js'
import { badRequest, conflict } from './moneyErrors.js'
import type { OutcomePlan, QuoteRecord } from './moneyState.js'
import { quoteOutcome } from './quoteOutcome.js'
import { quoteStatus } from './quoteStatus.js'
import { requireInternalAccount } from './requireInternalAccount.js'
import {
  issueScaChallenge,
  paysTrustedBeneficiary,
  pickScaFactor,
  SCA_CHALLENGE_TTL_MS,
  SINGLE_STEP,
} from './scaChallenges.js'
import { requiresSca } from './scaRegion.js'
import { requireTransaction, settleMoney, startTimeline } from './transactions.js'

/**
 * Whether the quote's money has started to move.
 *
 * @example
 * ```ts
 * if (isReleased(ctx, quote)) throw conflict('The quote was executed already.')
 * ```
 */
export function isReleased(ctx: SandboxContext, quote: QuoteRecord): boolean {
  return requireTransaction(ctx, quote.transactionId).steps.length > 0
}

/**
 * 400 `INVALID_AMOUNT` unless the quote's source account holds `totalSendingAmount` (checked when
 * the quote is executed, and again when SCA releases it).
 *
 * @example
 * ```ts
 * checkFunds(ctx, quote)
 * ```
 */
export function checkFunds(ctx: SandboxContext, quote: QuoteRecord): void {
  if (!quote.sourceAccountId) return
  settleMoney(ctx)
  const account = requireInternalAccount(ctx, quote.sourceAccountId)
  const required = quote.price.totalSendingAmount
  if (account.balance < required) {
    throw badRequest(
      'INVALID_AMOUNT',
      'The source account does not hold the quote amount (insufficient funds).',
      {
        balance: account.balance,
        required,
      },
    )
  }
}

/**
 * Moves a quote's money: debits an account source (refunded if the payment fails) and starts the
 * quote's transaction on the destination's outcome plan (or `plan`), crediting an internal
 * destination when it completes.
 *
 * @example
 * ```ts
 * releaseQuote(ctx, quote)
 * ```
 */
export function releaseQuote(
  ctx: SandboxContext,
  quote: QuoteRecord,
  plan = quoteOutcome(quote.resolvedDestination),
): void {
  checkFunds(ctx, quote)
  const destination = quote.resolvedDestination
  const creditAccountId =
    destination.kind === 'INTERNAL_ACCOUNT' || destination.kind === 'UMA_CUSTOMER'
      ? destination.accountId
      : undefined
  startTimeline(ctx, requireTransaction(ctx, quote.transactionId), {
    plan,
    ...(quote.sourceAccountId
      ? { debit: { accountId: quote.sourceAccountId, amount: quote.price.totalSendingAmount } }
      : {}),
    ...(creditAccountId
      ? { credit: { accountId: creditAccountId, amount: quote.price.totalReceivingAmount } }
      : {}),
  })
}

/**
 * `POST /quotes/{quoteId}/execute` on a quote funded from an internal account: 409 `CONFLICT` if it
 * expired or was executed already, 400 `INVALID_INPUT` for a real-time-funded quote, 400
 * `INVALID_AMOUNT` without the funds. For a customer in an SCA region it opens one challenge for
 * the requested factor (`scaFactor`, see `pickScaFactor`) and leaves the quote
 * PENDING_AUTHORIZATION: the authorization releases it. Otherwise (and for a payment to a trusted
 * beneficiary) the money moves at once.
 *
 * @example
 * ```ts
 * await executeQuote(ctx, quote, body.value.scaFactor)
 * ```
 */
export async function executeQuote(
  ctx: SandboxContext,
  quote: QuoteRecord,
  scaFactor: string | null | undefined,
): Promise<void> {
  requireUnexecuted(ctx, quote)
  if (quoteStatus(ctx, quote) === 'EXPIRED')
    throw conflict('The quote expired and can no longer be executed.')
  if (!quote.sourceAccountId) {
    throw invalidInput(
      'A real-time-funded quote executes when its payment arrives; in the sandbox, POST /sandbox/send.',
    )
  }
  checkFunds(ctx, quote)
  const customer = quote.customerId === undefined ? undefined : ctx.store.customers.get(quote.customerId)
  // A trusted beneficiary's payment goes without a challenge (the trust was itself SCA-confirmed).
  if (requiresSca(customer) && !paysTrustedBeneficiary(ctx, quote)) {
    const factor = pickScaFactor(ctx, quote.customerId, scaFactor)
    const now = ctx.clock.now()
    const challenge = await issueScaChallenge(ctx, quote, {
      factor,
      purpose: SINGLE_STEP[0],
      expiresAt: now + SCA_CHALLENGE_TTL_MS,
    })
    // Again, with the update: a parallel execute may have gone through while the challenge was made.
    requireUnexecuted(ctx, quote)
    quote.sca = { steps: [...SINGLE_STEP], stepsDone: 0, factor, challenge }
    quote.executeRequested = true
    return
  }
  releaseQuote(ctx, quote)
  quote.executeRequested = true
}

/** 409 `CONFLICT` once `/execute` was called on the quote or its money moved. */
function requireUnexecuted(ctx: SandboxContext, quote: QuoteRecord): void {
  if (quote.executeRequested || isReleased(ctx, quote)) throw conflict('The quote was executed already.')
}

/**
 * The sandbox's payment of a real-time-funded quote's instructions (`POST /sandbox/send`): 400
 * `INVALID_INPUT` for an account-funded quote, one expired, paid already or still waiting for SCA,
 * 400 `INVALID_CURRENCY` for another currency. An amount other than the quote's fails the
 * transaction with `FUNDING_AMOUNT_MISMATCH`; otherwise it follows the destination's outcome.
 *
 * @example
 * ```ts
 * payRealtimeQuote(ctx, quote, { currencyCode: 'EUR' })
 * ```
 */
export function payRealtimeQuote(
  ctx: SandboxContext,
  quote: QuoteRecord,
  payment: { currencyCode: string; currencyAmount?: number },
): void {
  if (quote.source.sourceType !== 'REALTIME_FUNDING') {
    throw invalidInput(
      'Only real-time-funded quotes are paid with /sandbox/send; fund the account and execute the quote.',
    )
  }
  if (payment.currencyCode.toUpperCase() !== quote.sendingCurrency) {
    throw badRequest('INVALID_CURRENCY', `The quote is funded in ${quote.sendingCurrency}.`)
  }
  if (isReleased(ctx, quote)) throw invalidInput('The quote was paid already.')
  const status = quoteStatus(ctx, quote)
  if (status === 'EXPIRED') throw invalidInput('The quote expired; its instructions can no longer be paid.')
  if (status === 'PENDING_AUTHORIZATION') {
    throw invalidInput('The quote waits for SCA: its payment instructions are not issued yet.')
  }
  const mismatch =
    payment.currencyAmount !== undefined && payment.currencyAmount !== quote.price.totalSendingAmount
  const plan: OutcomePlan | undefined = mismatch
    ? { steps: [{ after: 0, status: 'FAILED', failureReason: 'FUNDING_AMOUNT_MISMATCH' }] }
    : undefined
  releaseQuote(ctx, quote, plan)
  quote.executeRequested = true
}
