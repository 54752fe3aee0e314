import type { Sandbox } from '../../src/sandbox/index.js'

/** Makes the next signed-retry challenge stale, to show how the client recovers. */
export interface ChallengeExpiry {
  /** The next 202 the sandbox answers is followed by a clock jump past its challenge's lifetime. */
  arm(): void
  /** The relay's `fetch`: the global one, watching for that 202 while armed. */
  fetch(request: Request): Promise<Response>
}

/**
 * The "expire the next challenge" switch of the demo: while armed, the first 202 coming back
 * through `fetch` advances `sandbox.clock` by the signed-retry lifetime plus a second, so the
 * client's signed retry arrives too late, then disarms.
 *
 * @example
 * ```ts
 * const expiry = createChallengeExpiry(sandbox)
 * const relay = createRelay({ ...options, fetch: expiry.fetch })
 * expiry.arm()
 * ```
 */
export function createChallengeExpiry(sandbox: Pick<Sandbox, 'clock' | 'config'>): ChallengeExpiry {
  let armed = false
  return {
    arm() {
      armed = true
    },
    async fetch(request) {
      const response = await globalThis.fetch(request)
      if (armed && response.status === 202) {
        armed = false
        sandbox.clock.advance(sandbox.config.signedRetryTtlMs + 1000)
      }
      return response
    },
  }
}
