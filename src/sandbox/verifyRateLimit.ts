import type { SandboxContext } from './context.js'
import { SandboxError } from './sandboxError.js'

/** The window failed verifications are counted in, from the first of them. */
const VERIFY_FAILURE_WINDOW_MS = 5 * 60_000

/**
 * The verify rate limit of one credential: 429 `RATE_LIMITED` with `Retry-After` once
 * `config.verifyFailureLimit` verifications failed within `VERIFY_FAILURE_WINDOW_MS` (repeated bad
 * codes, tokens or assertions), until that window ends. `track` runs a verification, counting a 401 it
 * throws as a failure and forgetting the failures when it succeeds.
 *
 * @example
 * ```ts
 * const limit = verifyRateLimit(ctx, credential.id) // throws the 429
 * return limit.track(() => verifyOtp(ctx, c, credential, body))
 * ```
 */
export function verifyRateLimit(
  ctx: SandboxContext,
  credentialId: string,
): { track: (verify: () => Promise<Response>) => Promise<Response> } {
  const { verifyFailures } = ctx.store
  const now = ctx.clock.now()
  const failures = verifyFailures.get(credentialId)
  if (failures && failures.windowStart + VERIFY_FAILURE_WINDOW_MS <= now) verifyFailures.delete(credentialId)
  else if (failures && failures.count >= ctx.config.verifyFailureLimit) {
    const retryAfter = Math.ceil((failures.windowStart + VERIFY_FAILURE_WINDOW_MS - now) / 1000)
    throw new SandboxError({
      status: 429,
      code: 'RATE_LIMITED',
      message: `Too many failed verifications: try again in ${retryAfter} seconds.`,
      headers: { 'Retry-After': String(retryAfter) },
    })
  }
  return {
    async track(verify) {
      try {
        const response = await verify()
        if (response.status < 300) verifyFailures.delete(credentialId)
        return response
      } catch (error) {
        if (error instanceof SandboxError && error.init.status === 401) {
          const current = verifyFailures.get(credentialId)
          if (current) current.count += 1
          else verifyFailures.set(credentialId, { windowStart: ctx.clock.now(), count: 1 })
        }
        throw error
      }
    },
  }
}
