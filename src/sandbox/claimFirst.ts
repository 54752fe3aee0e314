/**
 * Runs `attempt` under a limit that must hold for requests in parallel. `claim` checks the limit
 * and records the attempt at once, before anything is awaited, so that each of many parallel
 * requests sees the claims of those before it; it returns how to give its claim back. The claim
 * stays when `attempt` succeeds or fails with an error `counts` accepts (a miss); any other failure
 * gives it back, as if the request had not been tried (a malformed body, say).
 *
 * @example
 * ```ts
 * return claimFirst({
 *   claim: () => claimVerification(ctx, credential.id),
 *   attempt: () => verifyOtp(ctx, c, credential, body),
 *   counts: (error) => error instanceof SandboxError && error.init.status === 401,
 * })
 * ```
 */
export async function claimFirst<T>(options: {
  claim: () => () => void
  attempt: () => Promise<T>
  counts?: (error: unknown) => boolean
}): Promise<T> {
  const giveBack = options.claim()
  try {
    return await options.attempt()
  } catch (error) {
    if (!options.counts?.(error)) giveBack()
    throw error
  }
}
