import { Hono } from 'hono'
import * as z from 'zod/mini'
import { newId, type SandboxContext } from '../context.js'
import { requireCustomer } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import { accountView } from '../views.js'
import { requireCurrency } from './currencies.js'
import { payRealtimeQuote } from './executeQuote.js'
import { receiveIncomingPayment } from './incomingApproval.js'
import { badRequest } from './moneyErrors.js'
import { requireInternalAccount } from './requireInternalAccount.js'
import { requireQuote } from './requireQuote.js'
import { requireTransaction, settleMoney, startTransaction } from './transactions.js'
import { transactionView } from './transactionView.js'
import { customerByUmaAddress, receivingAccount } from './umaDirectory.js'

const UmaAddress = z.string().check(z.regex(/^\$[^@\s]+@[^@\s]+$/))
const Code = z.string().check(z.minLength(1))

/** The most the fund endpoint adds at once (the contract's bound). */
const MAX_FUND_AMOUNT = 100_000_000_000

const FundBody = z.looseObject({ amount: z.int().check(z.positive(), z.maximum(MAX_FUND_AMOUNT)) })
const SendBody = z.looseObject({
  quoteId: Code,
  currencyCode: Code,
  currencyAmount: z.optional(z.int().check(z.positive())),
})
const UmaReceiveBody = z.looseObject({
  senderUmaAddress: UmaAddress,
  receiverUmaAddress: z.optional(UmaAddress),
  customerId: z.optional(Code),
  receivingCurrencyCode: Code,
  receivingCurrencyAmount: z.int().check(z.positive()),
})

/**
 * The sandbox-only endpoints: `POST /sandbox/internal-accounts/{accountId}/fund` `{ amount }`
 * adds funds to any internal account, a customer's or the platform's, as a completed INCOMING
 * transaction (200, the InternalAccount);
 * `POST /sandbox/send` `{ quoteId, currencyCode, currencyAmount? }` pays a real-time-funded
 * quote's instructions (200, the quote's Transaction); `POST /sandbox/uma/receive` credits the
 * customer named by `receiverUmaAddress` or `customerId` in the receiving currency (200, an
 * INCOMING Transaction; 404 `UMA_NOT_FOUND` / `USER_NOT_FOUND` for no such receiver), at once
 * without a webhook endpoint, else as the platform's answer to `INCOMING_PAYMENT.PENDING` decides
 * (`receiveIncomingPayment`: the answer is the transaction once that answer is in).
 *
 * @example
 * ```ts
 * app.route('/', sandboxRoutes(ctx))
 * ```
 */
export function sandboxRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/sandbox/internal-accounts/:accountId/fund', async (c) => {
    const account = requireInternalAccount(ctx, c.req.param('accountId'))
    const { value } = await readBody(c, FundBody)
    settleMoney(ctx)
    if (!Number.isSafeInteger(account.balance + value.amount)) {
      throw badRequest('AMOUNT_OUT_OF_RANGE', 'The balance would exceed what the sandbox can hold.')
    }
    // Money arriving from outside, as the service records it: an incoming payment, credited now.
    const amount = { amount: value.amount, currency: account.currency }
    startTransaction(
      ctx,
      {
        id: newId('Transaction'),
        type: 'INCOMING',
        direction: 'CREDIT',
        customerId: account.customerId ?? ctx.config.organizationId,
        source: { sourceType: 'REALTIME_FUNDING', currency: account.currency },
        destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: account.currency },
        sent: amount,
        received: amount,
      },
      {
        plan: { steps: [{ after: 0, status: 'COMPLETED' }] },
        credit: { accountId: account.id, amount: value.amount },
      },
    )
    return c.json(accountView(account))
  })

  app.post('/sandbox/send', async (c) => {
    const { value } = await readBody(c, SendBody)
    const quote = requireQuote(ctx, value.quoteId)
    payRealtimeQuote(ctx, quote, {
      currencyCode: value.currencyCode,
      ...(value.currencyAmount === undefined ? {} : { currencyAmount: value.currencyAmount }),
    })
    return c.json(transactionView(ctx, requireTransaction(ctx, quote.transactionId)))
  })

  app.post('/sandbox/uma/receive', async (c) => {
    const { value } = await readBody(c, UmaReceiveBody)
    let customerId: string
    if (value.receiverUmaAddress !== undefined) {
      const receiver = customerByUmaAddress(ctx, value.receiverUmaAddress)
      if (!receiver)
        throw notFound('UMA_NOT_FOUND', `No customer has the UMA address ${value.receiverUmaAddress}.`)
      if (value.customerId !== undefined && value.customerId !== receiver.id) {
        throw invalidInput('customerId and receiverUmaAddress name different customers.')
      }
      customerId = receiver.id
    } else if (value.customerId !== undefined) {
      customerId = requireCustomer(ctx, value.customerId).id
    } else {
      throw invalidInput('Name the receiver: receiverUmaAddress or customerId.')
    }
    const currency = requireCurrency(value.receivingCurrencyCode).code
    const account = receivingAccount(ctx, customerId, currency)
    const amount = { amount: value.receivingCurrencyAmount, currency }
    // UMA is an approval-mechanism rail: with a webhook endpoint, the platform approves or rejects.
    const transaction = await receiveIncomingPayment(ctx, {
      fields: {
        id: newId('Transaction'),
        type: 'INCOMING',
        direction: 'CREDIT',
        customerId,
        source: { sourceType: 'UMA_ADDRESS', umaAddress: value.senderUmaAddress, currency },
        destination: { destinationType: 'ACCOUNT', accountId: account.id, currency },
        sent: amount,
        received: amount,
      },
      credit: { accountId: account.id, amount: amount.amount },
    })
    return c.json(transactionView(ctx, transaction))
  })

  return app
}
