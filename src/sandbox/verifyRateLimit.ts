import { claimFirst } from './claimFirst.js'
import type { SandboxContext } from './context.js'
import { SandboxError } from './sandboxError.js'

/** The window failed verifications are counted in, from the first of them. */
const VERIFY_FAILURE_WINDOW_MS = 5 * 60_000

/**
 * Runs `verify` under the verify rate limit of one credential: 429 `RATE_LIMITED` with
 * `Retry-After` once `config.verifyFailureLimit` verifications failed within
 * `VERIFY_FAILURE_WINDOW_MS` (repeated bad codes, tokens or assertions), until that window ends.
 * Each verification counts as a failure from the moment it starts, so that parallel ones are
 * counted too; a 401 from `verify` leaves it counted, a success forgets the failures, and any other
 * error (a malformed body) takes it back.
 *
 * @example
 * ```ts
 * return verifyRateLimit(ctx, credential.id, () => verifyOtp(ctx, c, credential, body)) // or the 429
 * ```
 */
export function verifyRateLimit(
  ctx: SandboxContext,
  credentialId: string,
  verify: () => Promise<Response>,
): Promise<Response> {
  return claimFirst({
    claim: () => claimVerification(ctx, credentialId),
    attempt: async () => {
      const response = await verify()
      ctx.store.verifyFailures.delete(credentialId)
      return response
    },
    counts: (error) => error instanceof SandboxError && error.init.status === 401,
  })
}

/** Counts a verification as failed, unless the limit is reached (429); returns how to uncount it. */
function claimVerification(ctx: SandboxContext, credentialId: string): () => void {
  const { verifyFailures } = ctx.store
  const now = ctx.clock.now()
  let failures = verifyFailures.get(credentialId)
  if (failures && failures.windowStart + VERIFY_FAILURE_WINDOW_MS <= now) failures = undefined
  if (failures && failures.count >= ctx.config.verifyFailureLimit) {
    const retryAfter = Math.ceil((failures.windowStart + VERIFY_FAILURE_WINDOW_MS - now) / 1000)
    throw new SandboxError({
      status: 429,
      code: 'RATE_LIMITED',
      message: `Too many failed verifications: try again in ${retryAfter} seconds.`,
      headers: { 'Retry-After': String(retryAfter) },
    })
  }
  const claimed = failures ?? { windowStart: now, count: 0 }
  claimed.count += 1
  verifyFailures.set(credentialId, claimed)
  return () => {
    claimed.count -= 1
    // A window no failure is left in is no window: the next failure opens a new one.
    if (claimed.count === 0 && verifyFailures.get(credentialId) === claimed)
      verifyFailures.delete(credentialId)
  }
}
