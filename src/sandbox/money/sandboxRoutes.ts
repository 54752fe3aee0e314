import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, type SandboxContext } from '../context.js'
import { requireAccount } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import { accountView } from '../views.js'
import { executeQuote } from './executeQuote.js'
import { badRequest } from './moneyErrors.js'
import { quoteView } from './quoteView.js'
import { requireQuote } from './requireQuote.js'
import { settleMoney, startTransaction, transactionView } from './transactions.js'
import { customerByUmaAddress } from './umaDirectory.js'

const UmaAddress = z.string().check(z.regex(/^\$[^@\s]+@[^@\s]+$/))
const Code = z.string().check(z.minLength(1))

const FundBody = z.looseObject({ amount: z.int().check(z.positive()) })
const SendBody = z.looseObject({ quoteId: Code, currencyCode: Code })
const UmaReceiveBody = z.looseObject({
  senderUmaAddress: UmaAddress,
  receiverUmaAddress: UmaAddress,
  receivingCurrencyCode: Code,
  receivingCurrencyAmount: z.int().check(z.positive()),
})

/**
 * The sandbox-only endpoints (spec "Sandbox-only endpoints"):
 * `POST /sandbox/internal-accounts/{accountId}/fund` `{ amount }` adds funds (200, the account);
 * `POST /sandbox/send` `{ quoteId, currencyCode }` pays a real-time-funding quote, which executes
 * it (200, the quote); `POST /sandbox/uma/receive` `{ senderUmaAddress, receiverUmaAddress,
 * receivingCurrencyCode, receivingCurrencyAmount }` credits the customer whose `umaAddress` is the
 * receiver (201, an INCOMING transaction; 404 `UMA_NOT_FOUND` for no such customer).
 *
 * @example
 * ```ts
 * app.route('/', sandboxRoutes(ctx))
 * ```
 */
export function sandboxRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/sandbox/internal-accounts/:accountId/fund', async (c) => {
    const account = requireAccount(ctx, c.req.param('accountId'))
    const { value } = await readBody(c, FundBody)
    settleMoney(ctx)
    if (!Number.isSafeInteger(account.balance + value.amount)) {
      throw badRequest('AMOUNT_TOO_LARGE', 'The balance would exceed what the sandbox can hold.')
    }
    account.balance += value.amount
    account.updatedAt = iso(ctx.clock.now())
    return c.json(accountView(account))
  })

  app.post('/sandbox/send', async (c) => {
    const { value } = await readBody(c, SendBody)
    const quote = requireQuote(ctx, value.quoteId)
    if (quote.source.sourceType !== 'REALTIME_FUNDING') {
      throw invalidInput(
        'Only real-time-funding quotes are paid with /sandbox/send; fund the account and execute the quote.',
      )
    }
    if (value.currencyCode.toUpperCase() !== quote.sendingCurrency) {
      throw badRequest('CURRENCY_MISMATCH', `The quote is funded in ${quote.sendingCurrency}.`)
    }
    executeQuote(ctx, quote, 'SANDBOX_SEND')
    return c.json(quoteView(ctx, quote))
  })

  app.post('/sandbox/uma/receive', async (c) => {
    const { value } = await readBody(c, UmaReceiveBody)
    const receiver = customerByUmaAddress(ctx, value.receiverUmaAddress)
    if (!receiver)
      throw notFound('UMA_NOT_FOUND', `No customer has the UMA address ${value.receiverUmaAddress}.`)
    const currency = value.receivingCurrencyCode.toUpperCase()
    if (currency !== receiver.wallet.currency) {
      throw badRequest(
        'CURRENCY_MISMATCH',
        `${value.receiverUmaAddress} receives ${receiver.wallet.currency}.`,
      )
    }
    const transaction = startTransaction(ctx, {
      type: 'INCOMING',
      customerId: receiver.customer.id,
      source: { umaAddress: value.senderUmaAddress },
      destination: { umaAddress: value.receiverUmaAddress, accountId: receiver.wallet.id },
      sent: { amount: value.receivingCurrencyAmount, currency },
      received: { amount: value.receivingCurrencyAmount, currency },
      plan: { steps: [{ after: 0, status: 'COMPLETED' }] },
      credit: { accountId: receiver.wallet.id, amount: value.receivingCurrencyAmount },
    })
    return c.json(transactionView(ctx, transaction), 201)
  })

  return app
}
