import type { Context } from 'hono'
import type { SandboxContext } from '../context.js'

/**
 * Runs a request that takes an `Idempotency-Key` (quote creation, transfers): the first request
 * with a key is answered by `run` and its success remembered; a later one with the same key on the
 * same route gets that answer again, and nothing is done twice. Requests without a key just run.
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
  const first = scope === undefined ? undefined : ctx.store.money.firstAnswers.get(scope)
  if (first) return c.json(first.body as Record<string, unknown>, first.status as 200)
  const { status, body } = await run()
  if (scope !== undefined) ctx.store.money.firstAnswers.set(scope, { status, body })
  return c.json(body, status)
}
