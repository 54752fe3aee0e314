import type { Context } from 'hono'
import type { SandboxContext } from '../context.js'
import { firstAnswer } from './firstAnswer.js'
import type { OnceAnswer } from './onceAnswer.js'

/**
 * Runs a request that takes an `Idempotency-Key` (quote creation and execution, transfers): the
 * first request with a key is answered by `run` and its answer remembered, success or refusal
 * (`firstAnswer`); a later one with the same key on the same `route`, or one sent while the first
 * runs, gets that answer again, and nothing is done twice. Requests without a key just run.
 *
 * `route` scopes the key: the operation, and the resource it acts on where the path names one
 * (`POST /quotes/Quote:1/execute`), so that a key used on one route or quote never answers
 * another. A later request with the same key and another body still gets the first answer: the
 * contract says a repeated key "will return the same response as the first request", and names no
 * refusal for a changed body on these routes.
 *
 * @example
 * ```ts
 * app.post('/transfer-in', (c) =>
 *   answerOnce(ctx, c, 'POST /transfer-in', async () => ({ status: 201, body: … })),
 * )
 * ```
 */
export function answerOnce(
  ctx: SandboxContext,
  c: Context,
  route: string,
  run: () => Promise<OnceAnswer>,
): Promise<Response> {
  const key = c.req.header('Idempotency-Key')
  // The route first and the key last, whole: no key can pass for another route's.
  const scope = key === undefined ? undefined : `${route} ${key}`
  return firstAnswer(ctx.store.money.firstAnswers, scope, run).then(({ status, body }) =>
    c.json(body, status),
  )
}
