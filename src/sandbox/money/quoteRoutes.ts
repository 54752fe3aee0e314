import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { verifyWalletSignature } from '../signedRetry.js'
import { CreateQuoteBody, createQuote } from './createQuote.js'
import { executeQuote } from './executeQuote.js'
import { badRequest, conflict } from './moneyErrors.js'
import { quoteStatus } from './quoteStatus.js'
import { quoteView } from './quoteView.js'
import { requireQuote } from './requireQuote.js'
import { issueScaChallenge, SCA_STEPS } from './scaChallenges.js'
import { ScaAuthorizationBody, verifyScaProof } from './verifyScaProof.js'

// The spec does not show an execute body; any JSON object (or none) is taken and ignored.
const ExecuteBody = z.looseObject({})

/**
 * Quotes: create, read, authorize SCA steps, execute.
 *
 * @example
 * ```ts
 * app.route('/', quoteRoutes(ctx))
 * ```
 */
export function quoteRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { money } = ctx.store

  app.post('/quotes', async (c) => {
    const { value } = await readBody(c, CreateQuoteBody)
    const quote = await createQuote(ctx, value)
    money.quotes.set(quote.id, quote)
    return c.json(quoteView(ctx, quote), 201)
  })

  app.get('/quotes/:quoteId', (c) => c.json(quoteView(ctx, requireQuote(ctx, c.req.param('quoteId')))))

  app.post('/quotes/:quoteId/authorize', async (c) => {
    const quote = requireQuote(ctx, c.req.param('quoteId'))
    const { value } = await readBody(c, ScaAuthorizationBody)
    if (!quote.sca) throw conflict('SCA_NOT_REQUIRED', 'This quote needs no strong customer authentication.')
    const status = quoteStatus(ctx, quote)
    if (status === 'EXPIRED') throw badRequest('QUOTE_EXPIRED', 'The quote expired.')
    const challenge = quote.sca.challenge
    if (status !== 'PENDING_AUTHORIZATION' || !challenge) {
      throw conflict('SCA_NOT_PENDING', 'The quote has no SCA step left to authorize.')
    }
    if (ctx.clock.now() >= challenge.expiresAt) {
      throw badRequest('SCA_CHALLENGE_EXPIRED', 'The SCA challenge expired and can no longer be authorized.')
    }
    await verifyScaProof(ctx, { challenge, customerId: quote.customerId, proof: value })
    // Two proofs of the same step raced: only the first one moves the quote on.
    if (quote.sca.challenge?.id !== challenge.id) {
      throw conflict('SCA_NOT_PENDING', 'This SCA step was already authorized.')
    }
    const stepsDone = quote.sca.stepsDone + 1
    const next = SCA_STEPS[stepsDone]
    const nextChallenge = next ? await issueScaChallenge(ctx, quote, next) : undefined
    quote.sca = { stepsDone, ...(nextChallenge ? { challenge: nextChallenge } : {}) }
    return c.json(quoteView(ctx, quote))
  })

  app.post('/quotes/:quoteId/execute', async (c) => {
    const quote = requireQuote(ctx, c.req.param('quoteId'))
    await readBody(c, ExecuteBody)
    if (quote.sourceAccountId && quote.payloadToSign) {
      // No Request-Id here: the stamp is over the payloadToSign the quote carried (wire-formats 8).
      await verifyWalletSignature(ctx, c, {
        accountId: quote.sourceAccountId,
        payloadToSign: quote.payloadToSign,
      })
    }
    const key = c.req.header('Idempotency-Key')
    if (key) {
      const first = money.executions.get(key)
      if (first) {
        if (first.quoteId !== quote.id) {
          throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another quote.')
        }
        return c.json(first.body as Record<string, unknown>)
      }
    }
    executeQuote(ctx, quote, 'EXECUTE')
    const body = quoteView(ctx, quote)
    if (key) money.executions.set(key, { quoteId: quote.id, body })
    return c.json(body)
  })

  return app
}
