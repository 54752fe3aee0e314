import * as z from 'zod/mini'
import { newId, type SandboxContext } from '../context.js'
import { requireAccount, requireCustomer } from '../lookups.js'
import { invalidInput, notFound } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { requireCurrency } from './currencies.js'
import { CRYPTO_NETWORKS, fundingInstructions } from './fundingInstructions.js'
import { badRequest } from './moneyErrors.js'
import type { QuoteRecord, ResolvedDestination } from './moneyState.js'
import { priceQuote } from './priceQuote.js'
import { issueScaChallenge, SCA_STEPS } from './scaChallenges.js'
import { requiresSca } from './scaRegion.js'
import { outcomeSuffix } from './suffix.js'
import { resolveUmaAddress } from './umaDirectory.js'

/** How long a quote's rate is locked (instant rails: 1 to 5 minutes). */
export const QUOTE_TTL_MS = 5 * 60_000

const Id = z.string().check(z.minLength(1))

/**
 * Body of `POST /quotes` (the spec does not show it): the QuoteSource and QuoteDestination of the
 * Quote model, the locked side and its amount in the smallest unit, and optional `customerId` and
 * `description`.
 *
 * @example
 * ```ts
 * const { value } = await readBody(c, CreateQuoteBody)
 * ```
 */
export const CreateQuoteBody = z.looseObject({
  source: z.discriminatedUnion('sourceType', [
    z.looseObject({ sourceType: z.literal('ACCOUNT'), accountId: Id, customerId: z.optional(Id) }),
    z.looseObject({
      sourceType: z.literal('REALTIME_FUNDING'),
      currency: Id,
      customerId: z.optional(Id),
      cryptoNetwork: z.optional(z.string()),
    }),
  ]),
  destination: z.discriminatedUnion('destinationType', [
    z.looseObject({
      destinationType: z.literal('ACCOUNT'),
      accountId: Id,
      paymentRail: z.optional(z.string()),
    }),
    z.looseObject({
      destinationType: z.literal('UMA_ADDRESS'),
      umaAddress: z.string().check(z.regex(/^\$[^@\s]+@[^@\s]+$/)),
      currency: z.optional(z.string()),
    }),
  ]),
  lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']),
  lockedCurrencyAmount: z.int().check(z.positive()),
  customerId: z.optional(Id),
  description: z.optional(z.string()),
})
export type CreateQuoteBody = z.infer<typeof CreateQuoteBody>

function resolveAccountDestination(
  ctx: SandboxContext,
  accountId: string,
  sourceAccountId: string | undefined,
): { destination: ResolvedDestination; currency: string } {
  const external = ctx.store.money.externalAccounts.get(accountId)
  if (external) {
    // Such an account cannot be created; kept for accounts whose identifier changed by hand.
    if (outcomeSuffix(external.identifier) === '105') {
      throw badRequest('INVALID_ACCOUNT', 'The destination account is invalid.')
    }
    return {
      destination: { kind: 'EXTERNAL_ACCOUNT', accountId, identifier: external.identifier },
      currency: external.currency,
    }
  }
  if (accountId.startsWith('ExternalAccount:')) {
    throw notFound('EXTERNAL_ACCOUNT_NOT_FOUND', 'External account not found.')
  }
  const internal = requireAccount(ctx, accountId)
  if (internal.id === sourceAccountId) throw invalidInput('The destination is the source account.')
  return { destination: { kind: 'INTERNAL_ACCOUNT', accountId }, currency: internal.currency }
}

/**
 * Makes a quote from a `POST /quotes` body: resolves the customer (404 `USER_NOT_FOUND`), the source
 * and destination (404 for unknown accounts, 404 `UMA_NOT_FOUND`, 400 `INVALID_ACCOUNT`), prices it,
 * adds the embedded wallet's `payloadToSign` or the real-time funding instructions, and opens the
 * first SCA step for a customer in the EU.
 *
 * @example
 * ```ts
 * const quote = await createQuote(ctx, (await readBody(c, CreateQuoteBody)).value)
 * ctx.store.money.quotes.set(quote.id, quote)
 * ```
 */
export async function createQuote(ctx: SandboxContext, body: CreateQuoteBody): Promise<QuoteRecord> {
  const { source, destination, lockedCurrencySide, lockedCurrencyAmount, description } = body
  if (body.customerId && source.customerId && body.customerId !== source.customerId) {
    throw invalidInput('customerId and source.customerId name different customers.')
  }
  const customerId = body.customerId ?? source.customerId
  let customer: CustomerRecord | undefined =
    customerId === undefined ? undefined : requireCustomer(ctx, customerId)

  let sourceAccountId: string | undefined
  let sendingCode: string
  let cryptoNetwork: string | undefined
  if (source.sourceType === 'ACCOUNT') {
    const account = requireAccount(ctx, source.accountId)
    if (customer && customer.id !== account.customerId) {
      throw invalidInput('The source account does not belong to this customer.')
    }
    customer ??= requireCustomer(ctx, account.customerId)
    sourceAccountId = account.id
    sendingCode = account.currency
  } else {
    const currency = requireCurrency(source.currency)
    sendingCode = currency.code
    cryptoNetwork = source.cryptoNetwork
    if (cryptoNetwork !== undefined && !CRYPTO_NETWORKS.includes(cryptoNetwork)) {
      throw invalidInput(`cryptoNetwork must be one of ${CRYPTO_NETWORKS.join(', ')}.`)
    }
    if (currency.stablecoin && cryptoNetwork === undefined) {
      throw invalidInput(`${currency.code} funding needs a cryptoNetwork.`, {
        cryptoNetworks: CRYPTO_NETWORKS,
      })
    }
  }

  const { destination: resolvedDestination, currency: receivingCode } =
    destination.destinationType === 'ACCOUNT'
      ? resolveAccountDestination(ctx, destination.accountId, sourceAccountId)
      : resolveUmaAddress(ctx, destination.umaAddress, destination.currency)

  const sending = requireCurrency(sendingCode)
  const receiving = requireCurrency(receivingCode)
  const price = priceQuote({ sending, receiving, lockedCurrencySide, lockedCurrencyAmount })
  const now = ctx.clock.now()
  const quote: QuoteRecord = {
    id: newId('Quote'),
    ...(customer ? { customerId: customer.id } : {}),
    createdAt: now,
    expiresAt: now + QUOTE_TTL_MS,
    source,
    destination,
    ...(sourceAccountId ? { sourceAccountId } : {}),
    resolvedDestination,
    sendingCurrency: sending.code,
    receivingCurrency: receiving.code,
    price,
    ...(description ? { description } : {}),
  }

  const sourceAccount = sourceAccountId ? ctx.store.accounts.get(sourceAccountId) : undefined
  if (sourceAccount?.type === 'EMBEDDED_WALLET') {
    // The activity the wallet's session signs to execute (wire-formats section 8): compact JSON
    // binding the quote, its amounts and where the money goes.
    quote.payloadToSign = JSON.stringify({
      organizationId: ctx.config.organizationId,
      parameters: {
        quoteId: quote.id,
        accountId: sourceAccount.id,
        totalSendingAmount: price.totalSendingAmount,
        sendingCurrency: sending.code,
        totalReceivingAmount: price.totalReceivingAmount,
        receivingCurrency: receiving.code,
        destination,
      },
      timestampMs: String(now),
      type: 'ACTIVITY_TYPE_EXECUTE_QUOTE',
    })
  }
  if (source.sourceType === 'REALTIME_FUNDING') {
    quote.fundingInstructions = fundingInstructions({
      currency: sending,
      quoteId: quote.id,
      ...(cryptoNetwork ? { cryptoNetwork } : {}),
    })
  }
  if (requiresSca(customer)) {
    quote.sca = { challenge: await issueScaChallenge(ctx, quote, SCA_STEPS[0]), stepsDone: 0 }
  }
  return quote
}
