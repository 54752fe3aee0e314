import type { Context } from 'hono'
import type { SandboxContext } from '../context.js'
import { firstAnswer } from './firstAnswer.js'

/**
 * Runs a request that takes an `Idempotency-Key` (quote creation, transfers): the first request
 * with a key is answered by `run` and its success remembered; a later one with the same key on the
 * same route, or one sent while the first runs, gets that answer again, and nothing is done twice.
 * Requests without a key just run.
 *
 * @example
 * ```ts
 * app.post('/transfer-in', (c) => answerOnce(ctx, c, async () => ({ status: 201, body: … })))
 * ```
 */
export async function answerOnce(
  ctx: SandboxContext,
  c: Context,
  run: () => Promise<{ status: 200 | 201 | 202; body: Record<string, unknown> }>,
): Promise<Response> {
  const key = c.req.header('Idempotency-Key')
  const scope = key === undefined ? undefined : `${c.req.method} ${c.req.path} ${key}`
  const { status, body } = await firstAnswer(ctx.store.money.firstAnswers, scope, run)
  return c.json(body, status)
}
