import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import { clearWrongProofs, countWrongProof, requireNotLocked } from '../sca/scaLockout.js'
import { requireScaSession } from '../sca/scaSession.js'
import { verifyWalletSignature } from '../signedRetry.js'
import { answerOnce } from './answerOnce.js'
import { CreateQuoteBody, createQuote } from './createQuote.js'
import { checkFunds, executeQuote, releaseQuote } from './executeQuote.js'
import { conflict, rateLimited } from './moneyErrors.js'
import { quoteStatus } from './quoteStatus.js'
import { quoteView } from './quoteView.js'
import { requireQuote } from './requireQuote.js'
import { issueScaChallenge } from './scaChallenges.js'
import { checkProofShape, ScaAuthorizationBody, verifyScaProof } from './verifyScaProof.js'

/** The optional body of `/execute`: the factor of the SCA challenge it may issue. */
const ExecuteBody = z.looseObject({ scaFactor: z.nullish(z.string()) })

/** Wrong proofs a challenge takes before each further attempt has to wait `AUTHORIZE_BACKOFF_MS`. */
export const FREE_AUTHORIZE_FAILURES = 3
/** How long after a wrong proof the next attempt is refused (429), past the free failures. */
export const AUTHORIZE_BACKOFF_MS = 10_000
/** How long after a code was sent it may be re-sent. */
export const SCA_RESEND_INTERVAL_MS = 30_000

/**
 * Quotes: create (201; 202 for a real-time-funded quote of a customer in an SCA region, whose
 * challenge comes first), read, execute (SCA for such customers: 200 PENDING_AUTHORIZATION),
 * authorize (the ScaAuthorization proof; 400 wrong proof, 409 nothing to authorize or
 * `SCA_SESSION_REQUIRED` without an SCA login, 429 after
 * repeated wrong proofs, 423 `ACCOUNT_LOCKED` for 15 minutes after 10 in a row) and re-send the SMS code (204; 409 for a passkey challenge, 429 too soon).
 *
 * @example
 * ```ts
 * app.route('/', quoteRoutes(ctx))
 * ```
 */
export function quoteRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { money } = ctx.store

  app.post('/quotes', (c) =>
    answerOnce(ctx, c, 'POST /quotes', async () => {
      const { value } = await readBody(c, CreateQuoteBody)
      const { quote, accepted } = await createQuote(ctx, value)
      money.quotes.set(quote.id, quote)
      if (value.immediatelyExecute) await executeQuote(ctx, quote, value.scaFactor)
      return { status: accepted ? 202 : 201, body: quoteView(ctx, quote) }
    }),
  )

  app.get('/quotes/:quoteId', (c) => c.json(quoteView(ctx, requireQuote(ctx, c.req.param('quoteId')))))

  app.post('/quotes/:quoteId/execute', async (c) => {
    const quote = requireQuote(ctx, c.req.param('quoteId'))
    const { value } = await readBody(c, ExecuteBody)
    if (quote.sourceAccountId && quote.payloadToSign) {
      // No Request-Id here: the stamp is over the payloadToSign the quote carried.
      await verifyWalletSignature(ctx, c, {
        accountId: quote.sourceAccountId,
        payloadToSign: quote.payloadToSign,
      })
    }
    // The key is the quote's own: the same key on another quote is another request.
    return answerOnce(ctx, c, `POST /quotes/${quote.id}/execute`, async () => {
      await executeQuote(ctx, quote, value.scaFactor)
      return { status: 200, body: quoteView(ctx, quote) }
    })
  })

  app.post('/quotes/:quoteId/authorize', async (c) => {
    const quote = requireQuote(ctx, c.req.param('quoteId'))
    const { value } = await readBody(c, ScaAuthorizationBody)
    checkProofShape(value)
    const { sca } = quote
    if (!sca) throw conflict('This quote needs no strong customer authentication.')
    if (quote.customerId !== undefined) requireScaSession(ctx, quote.customerId)
    const challenge = sca.challenge
    if (quoteStatus(ctx, quote) !== 'PENDING_AUTHORIZATION' || !challenge) {
      throw conflict('The quote has no challenge to authorize.')
    }
    const now = ctx.clock.now()
    if (quote.customerId !== undefined) requireNotLocked(ctx, quote.customerId)
    if (now >= challenge.expiresAt) {
      throw invalidInput('The challenge expired and can no longer be authorized.')
    }
    const waitUntil = challenge.lastFailureAt + AUTHORIZE_BACKOFF_MS
    if (challenge.failures >= FREE_AUTHORIZE_FAILURES && now < waitUntil) {
      throw rateLimited(
        waitUntil - now,
        'Too many wrong proofs for this challenge: wait before trying again.',
      )
    }
    const stepsDone = sca.stepsDone + 1
    const releases = stepsDone === sca.steps.length && quote.executeRequested
    if (releases) checkFunds(ctx, quote)
    // Counted as wrong before it is judged, so that parallel proofs each meet the back-off and the
    // lockout the ones before them reached; a right proof then clears the count.
    challenge.failures++
    challenge.lastFailureAt = now
    if (quote.customerId !== undefined) countWrongProof(ctx, quote.customerId)
    const failure = await verifyScaProof(ctx, { challenge, customerId: quote.customerId, proof: value })
    if (failure) throw invalidInput('The SCA proof does not answer the challenge.', { reason: failure })
    if (quote.customerId !== undefined) clearWrongProofs(ctx, quote.customerId)
    const nextChallenge =
      stepsDone < sca.steps.length
        ? await issueScaChallenge(ctx, quote, {
            factor: sca.factor,
            purpose: sca.steps[stepsDone],
            expiresAt: challenge.expiresAt,
          })
        : undefined
    // Two proofs of the same challenge raced: only the first moves the quote on.
    if (sca.challenge?.id !== challenge.id) throw conflict('This challenge was authorized already.')
    if (releases) releaseQuote(ctx, quote)
    sca.stepsDone = stepsDone
    if (nextChallenge) sca.challenge = nextChallenge
    else delete sca.challenge
    return c.json(quoteView(ctx, quote))
  })

  app.post('/quotes/:quoteId/authorize/resend', (c) => {
    const quote = requireQuote(ctx, c.req.param('quoteId'))
    if (!quote.sca) throw conflict('This quote needs no strong customer authentication.')
    const challenge = quote.sca.challenge
    if (quoteStatus(ctx, quote) !== 'PENDING_AUTHORIZATION' || !challenge) {
      throw conflict('The quote has no challenge whose code could be re-sent.')
    }
    if (challenge.factor !== 'SMS_OTP') throw conflict('A passkey challenge has no code to re-send.')
    const now = ctx.clock.now()
    const allowedAt = challenge.lastSentAt + SCA_RESEND_INTERVAL_MS
    if (now < allowedAt) throw rateLimited(allowedAt - now, 'The code was sent moments ago.')
    challenge.lastSentAt = now
    ctx.config.log(`sandbox: SCA code for ${quote.id} re-sent: 123456 (no SMS is sent)`)
    return c.body(null, 204)
  })

  return app
}
