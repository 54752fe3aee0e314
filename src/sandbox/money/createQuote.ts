import * as z from 'zod/mini'
import { bytesToHex } from '../../crypto/bytesToHex.js'
import { utf8 } from '../../crypto/utf8.js'
import { activityPayload } from '../activityPayload.js'
import { newId, type SandboxContext } from '../context.js'
import { requireCustomer } from '../lookups.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { requireCurrency } from './currencies.js'
import { CRYPTO_NETWORKS, fundingInstructions } from './fundingInstructions.js'
import { idToken } from './idToken.js'
import { badRequest } from './moneyErrors.js'
import type {
  QuoteDestinationView,
  QuoteRecord,
  QuoteSourceView,
  ResolvedDestination,
  TransactionDestinationView,
  TransactionRecord,
  TransactionSourceView,
} from './moneyState.js'
import { priceQuote } from './priceQuote.js'
import {
  findInternalAccount,
  type InternalAccount,
  requireInternalAccount,
} from './requireInternalAccount.js'
import {
  CROSS_CURRENCY_STEPS,
  issueScaChallenge,
  paysTrustedBeneficiary,
  pickScaFactor,
  SCA_CHALLENGE_TTL_MS,
  SINGLE_STEP,
} from './scaChallenges.js'
import { requiresSca } from './scaRegion.js'
import { outcomeSuffix } from './suffix.js'
import { createTransaction } from './transactions.js'
import { resolveUmaAddress } from './umaDirectory.js'
import { walletAddress } from './walletAddress.js'

/** How long a quote's rate is locked (instant rails: 1 to 5 minutes). */
export const QUOTE_TTL_MS = 5 * 60_000

const Id = z.string().check(z.minLength(1))
const ScaFactor = z.nullish(z.string())

/**
 * Body of `POST /quotes` (the contract's QuoteRequest): the source and destination, the locked
 * side and its amount in the smallest unit, and optionally `description`, `scaFactor` (the
 * factor of an SCA challenge issued at creation) and `immediatelyExecute`. Other members the
 * contract defines (`lookupId`, `remittanceInformation`, …) are accepted and have no effect here.
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
  lockedCurrencyAmount: z.int().check(z.positive(), z.maximum(9_000_000_000_000_000)),
  description: z.optional(z.string()),
  scaFactor: ScaFactor,
  immediatelyExecute: z.optional(z.boolean()),
})
export type CreateQuoteBody = z.infer<typeof CreateQuoteBody>

/**
 * `lookup()`, with its 404 answered as 400 `INVALID_INPUT`: the contract documents no 404 for
 * creating a quote, so an id the body names that does not exist is a bad request.
 */
function referenced<T>(what: string, lookup: () => T): T {
  try {
    return lookup()
  } catch (error) {
    if (error instanceof SandboxError && error.init.status === 404) {
      throw invalidInput(`${what} names nothing that exists.`, { code: error.init.code })
    }
    throw error
  }
}

function resolveAccountDestination(
  ctx: SandboxContext,
  accountId: string,
  sourceAccountId: string | undefined,
): { destination: ResolvedDestination; currency: string } {
  const external = ctx.store.money.externalAccounts.get(accountId)
  if (external) {
    // Such an account cannot be created; kept for accounts whose identifier changed by hand.
    if (outcomeSuffix(external.identifier) === '105') {
      throw badRequest('INVALID_BANK_ACCOUNT', 'The destination account is invalid.')
    }
    return {
      destination: { kind: 'EXTERNAL_ACCOUNT', accountId, identifier: external.identifier },
      currency: external.currency,
    }
  }
  const internal = referenced('destination.accountId', () => requireInternalAccount(ctx, accountId))
  if (internal.id === sourceAccountId)
    throw badRequest('SELF_PAYMENT', 'The destination is the source account.')
  return { destination: { kind: 'INTERNAL_ACCOUNT', accountId }, currency: internal.currency }
}

/** The customer of the internal account that receives a destination's money, if any. */
function receivingCustomer(ctx: SandboxContext, destination: ResolvedDestination): string | undefined {
  if (destination.kind !== 'INTERNAL_ACCOUNT' && destination.kind !== 'UMA_CUSTOMER') return undefined
  return findInternalAccount(ctx, destination.accountId)?.customerId
}

/**
 * Who a quote's transaction belongs to: the payer when a customer's account pays (a debit), else
 * the customer whose account receives (a credit), else the customer the quote is made for or the
 * platform itself.
 */
function transactionParty(
  ctx: SandboxContext,
  quote: QuoteRecord,
  sourceAccount: InternalAccount | undefined,
): Pick<TransactionRecord, 'type' | 'direction' | 'customerId'> {
  if (sourceAccount?.customerId !== undefined) {
    return { type: 'OUTGOING', direction: 'DEBIT', customerId: sourceAccount.customerId }
  }
  const receiver = receivingCustomer(ctx, quote.resolvedDestination)
  if (receiver !== undefined) return { type: 'INCOMING', direction: 'CREDIT', customerId: receiver }
  return { type: 'OUTGOING', direction: 'DEBIT', customerId: quote.customerId ?? ctx.config.organizationId }
}

function transactionSource(quote: QuoteRecord): TransactionSourceView {
  return quote.source.sourceType === 'ACCOUNT'
    ? { sourceType: 'ACCOUNT', accountId: quote.source.accountId, currency: quote.sendingCurrency }
    : {
        sourceType: 'REALTIME_FUNDING',
        currency: quote.sendingCurrency,
        ...(quote.customerId ? { customerId: quote.customerId } : {}),
      }
}

function transactionDestination(quote: QuoteRecord): TransactionDestinationView {
  return quote.destination.destinationType === 'ACCOUNT'
    ? {
        destinationType: 'ACCOUNT',
        accountId: quote.destination.accountId,
        currency: quote.receivingCurrency,
      }
    : {
        destinationType: 'UMA_ADDRESS',
        umaAddress: quote.destination.umaAddress,
        currency: quote.receivingCurrency,
      }
}

/**
 * Makes a quote from a `POST /quotes` body, with its transaction (PENDING until the quote is
 * released): resolves the source and destination (400 `INVALID_INPUT` for an id that names
 * nothing, 400 `INVALID_RECEIVER` for a UMA address without a receiver, 400 `INVALID_BANK_ACCOUNT`,
 * 400 `SELF_PAYMENT`), prices it, and adds what paying it takes: an
 * embedded wallet's `payloadToSign`, or the real-time funding instructions. A real-time-funded
 * quote of a customer in an SCA region opens its SCA challenges at once; `accepted` is then true
 * (the route answers 202). Account-funded quotes meet SCA at `/execute`.
 *
 * @example
 * ```ts
 * const { quote, accepted } = await createQuote(ctx, (await readBody(c, CreateQuoteBody)).value)
 * ```
 */
export async function createQuote(
  ctx: SandboxContext,
  body: CreateQuoteBody,
): Promise<{ quote: QuoteRecord; accepted: boolean }> {
  const { source, destination, lockedCurrencySide, lockedCurrencyAmount, description } = body
  const sourceCustomerId = source.customerId
  let customer: CustomerRecord | undefined =
    sourceCustomerId === undefined
      ? undefined
      : referenced('source.customerId', () => requireCustomer(ctx, sourceCustomerId))

  let sourceAccount: InternalAccount | undefined
  let sendingCode: string
  let cryptoNetwork: string | undefined
  let sourceView: QuoteSourceView
  if (source.sourceType === 'ACCOUNT') {
    sourceAccount = referenced('source.accountId', () => requireInternalAccount(ctx, source.accountId))
    if (customer && sourceAccount.customerId !== undefined && customer.id !== sourceAccount.customerId) {
      throw invalidInput('The source account does not belong to this customer.')
    }
    // A customer's account acts for its owner; the platform's may act for a named customer.
    if (sourceAccount.customerId !== undefined) customer ??= requireCustomer(ctx, sourceAccount.customerId)
    sendingCode = sourceAccount.currency
    sourceView = {
      sourceType: 'ACCOUNT',
      accountId: sourceAccount.id,
      ...(source.customerId ? { customerId: source.customerId } : {}),
    }
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
    if (body.immediatelyExecute) {
      throw invalidInput('A real-time-funded quote executes when its payment arrives, not immediately.')
    }
    sourceView = {
      sourceType: 'REALTIME_FUNDING',
      currency: source.currency,
      ...(source.customerId ? { customerId: source.customerId } : {}),
      ...(cryptoNetwork ? { cryptoNetwork } : {}),
    }
  }
  if (body.immediatelyExecute && sourceAccount?.type === 'EMBEDDED_WALLET') {
    throw invalidInput('An embedded wallet executes only with its signature: create, then POST /execute.')
  }

  const { destination: resolvedDestination, currency: receivingCode } =
    destination.destinationType === 'ACCOUNT'
      ? resolveAccountDestination(ctx, destination.accountId, sourceAccount?.id)
      : resolveUmaAddress(ctx, destination.umaAddress, destination.currency)
  const destinationView: QuoteDestinationView =
    destination.destinationType === 'ACCOUNT'
      ? {
          destinationType: 'ACCOUNT',
          accountId: destination.accountId,
          ...(destination.paymentRail ? { paymentRail: destination.paymentRail } : {}),
        }
      : {
          destinationType: 'UMA_ADDRESS',
          umaAddress: destination.umaAddress,
          ...(destination.currency ? { currency: destination.currency } : {}),
        }

  const sending = requireCurrency(sendingCode)
  const receiving = requireCurrency(receivingCode)
  const price = priceQuote({ sending, receiving, lockedCurrencySide, lockedCurrencyAmount })
  const now = ctx.clock.now()
  const quote: QuoteRecord = {
    id: newId('Quote'),
    ...(customer ? { customerId: customer.id } : {}),
    createdAt: now,
    expiresAt: now + QUOTE_TTL_MS,
    source: sourceView,
    destination: destinationView,
    ...(sourceAccount ? { sourceAccountId: sourceAccount.id } : {}),
    resolvedDestination,
    sendingCurrency: sending.code,
    receivingCurrency: receiving.code,
    price,
    executeRequested: false,
    transactionId: newId('Transaction'),
  }

  if (sourceAccount?.type === 'EMBEDDED_WALLET') {
    // The signing activity the wallet's session approves to release the payment: the transfer it
    // binds (quote, amounts, destination) as the transaction to sign, hex-encoded.
    const transfer = JSON.stringify({
      quoteId: quote.id,
      totalSendingAmount: price.totalSendingAmount,
      sendingCurrency: sending.code,
      totalReceivingAmount: price.totalReceivingAmount,
      receivingCurrency: receiving.code,
      destination: destinationView,
    })
    quote.payloadToSign = activityPayload({
      organizationId: ctx.config.organizationId,
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      parameters: {
        signWith: walletAddress(sourceAccount.id),
        unsignedTransaction: bytesToHex(utf8(transfer)),
      },
      timestampMs: now,
    })
  }
  if (source.sourceType === 'REALTIME_FUNDING') {
    quote.fundingInstructions = fundingInstructions({
      currency: sending,
      ...(cryptoNetwork ? { cryptoNetwork } : {}),
      token: idToken(quote.id),
      isPlatformAccount: true,
      notes: 'Sandbox: no payment is needed; simulate it with POST /sandbox/send.',
    })
  }

  createTransaction(ctx, {
    id: quote.transactionId,
    ...transactionParty(ctx, quote, sourceAccount),
    quoteId: quote.id,
    source: transactionSource(quote),
    destination: transactionDestination(quote),
    sent: { amount: price.totalSendingAmount, currency: sending.code },
    received: { amount: price.totalReceivingAmount, currency: receiving.code },
    fees: price.feesIncluded,
    platformFees: price.platformFeesIncluded,
    exchangeRate: price.exchangeRate,
    rateDetails: price.rateDetails,
    ...(description ? { description } : {}),
  })

  let accepted = false
  // A trusted beneficiary is paid without a challenge, as from an account (`paysTrustedBeneficiary`).
  if (
    source.sourceType === 'REALTIME_FUNDING' &&
    requiresSca(customer) &&
    !paysTrustedBeneficiary(ctx, quote)
  ) {
    const factor = pickScaFactor(ctx, quote.customerId, body.scaFactor)
    const steps = sending.code === receiving.code ? SINGLE_STEP : CROSS_CURRENCY_STEPS
    quote.sca = {
      steps: [...steps],
      stepsDone: 0,
      factor,
      challenge: await issueScaChallenge(ctx, quote, {
        factor,
        purpose: steps[0],
        expiresAt: Math.min(now + SCA_CHALLENGE_TTL_MS, quote.expiresAt),
      }),
    }
    accepted = true
  }
  return { quote, accepted }
}
