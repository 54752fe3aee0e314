import type { SandboxContext } from '../context.js'
import { requireAccount } from '../lookups.js'
import { invalidInput } from '../sandboxError.js'
import { badRequest, conflict } from './moneyErrors.js'
import type { QuoteRecord, TransactionRecord } from './moneyState.js'
import { quoteOutcome } from './quoteOutcome.js'
import { quoteStatus } from './quoteStatus.js'
import { settleMoney, startTransaction } from './transactions.js'

/**
 * Executes a quote: `EXECUTE` is `POST /quotes/{id}/execute` (internal-account sources, which must
 * hold `totalSendingAmount`), `SANDBOX_SEND` is the simulated payment of a real-time-funding quote.
 * Refuses an expired quote (400 `QUOTE_EXPIRED`), one still pending SCA (409
 * `SCA_AUTHORIZATION_REQUIRED`) or already executed (409 `QUOTE_ALREADY_EXECUTED`). Creates the
 * transaction, debits the source and sets `transactionId`; what follows is `quoteOutcome`'s.
 *
 * @example
 * ```ts
 * const transaction = executeQuote(ctx, quote, 'EXECUTE')
 * ```
 */
export function executeQuote(
  ctx: SandboxContext,
  quote: QuoteRecord,
  via: 'EXECUTE' | 'SANDBOX_SEND',
): TransactionRecord {
  const status = quoteStatus(ctx, quote)
  if (status === 'EXPIRED')
    throw badRequest('QUOTE_EXPIRED', 'The quote expired and can no longer be executed.')
  if (status === 'PENDING_AUTHORIZATION') {
    throw conflict(
      'SCA_AUTHORIZATION_REQUIRED',
      'Authorize the quote (POST /quotes/{quoteId}/authorize) first.',
    )
  }
  if (status !== 'PENDING') throw conflict('QUOTE_ALREADY_EXECUTED', 'The quote was already executed.')

  const { price } = quote
  let debit: { accountId: string; amount: number } | undefined
  if (quote.sourceAccountId) {
    if (via !== 'EXECUTE') throw invalidInput('An account-funded quote is executed with /execute.')
    settleMoney(ctx)
    const account = requireAccount(ctx, quote.sourceAccountId)
    if (account.balance < price.totalSendingAmount) {
      throw badRequest('INSUFFICIENT_FUNDS', 'The source account does not hold the quote amount.', {
        balance: account.balance,
        required: price.totalSendingAmount,
      })
    }
    debit = { accountId: account.id, amount: price.totalSendingAmount }
  } else if (via === 'EXECUTE') {
    throw badRequest(
      'QUOTE_NOT_FUNDED',
      'A real-time-funding quote executes when its payment arrives; in the sandbox, POST /sandbox/send.',
    )
  }

  const destination = quote.resolvedDestination
  const creditAccountId =
    destination.kind === 'INTERNAL_ACCOUNT' || destination.kind === 'UMA_CUSTOMER'
      ? destination.accountId
      : undefined
  const transaction = startTransaction(ctx, {
    type: 'OUTGOING',
    ...(quote.customerId ? { customerId: quote.customerId } : {}),
    quoteId: quote.id,
    source: quote.source,
    destination: quote.destination,
    sent: { amount: price.totalSendingAmount, currency: quote.sendingCurrency },
    received: { amount: price.totalReceivingAmount, currency: quote.receivingCurrency },
    fees: price.feesIncluded,
    ...(quote.description ? { description: quote.description } : {}),
    plan: quoteOutcome(destination),
    ...(debit ? { debit } : {}),
    ...(creditAccountId
      ? { credit: { accountId: creditAccountId, amount: price.totalReceivingAmount } }
      : {}),
  })
  quote.transactionId = transaction.id
  return transaction
}
