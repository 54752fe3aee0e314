import { SandboxError } from '../sandboxError.js'

/**
 * What a key remembers: the first request's answer, or its refusal. The contract (the Idempotency
 * section of the API's README) keeps 2xx and 4xx answers, so that a retry gets the status and body
 * the first request got, and keeps no 5xx, so that a retry after a server failure runs again.
 */
export type RememberedAnswer<T> = { answer: T } | { refusal: SandboxError }

/**
 * Whether a refusal is kept under its key: a 4xx, but not a 429, whose whole meaning is "try again
 * later" (kept, it would answer every retry with a wait that has already passed).
 */
function kept(error: unknown): error is SandboxError {
  if (!(error instanceof SandboxError)) return false
  const { status } = error.init
  return status >= 400 && status < 500 && status !== 429
}

/**
 * The answer of the first request with `key`: `run`'s, remembered as soon as it starts, so that a
 * request with the same key arriving while it runs waits for that answer instead of running again
 * (nothing is done twice, even in parallel). A refusal (4xx) is remembered too and thrown again to
 * every later request with the key; any other failure (a 5xx, a bug, a 429) is thrown to the
 * requests that waited for it, then forgotten: the key may be tried again. Without a key, `run`
 * just runs.
 *
 * @example
 * ```ts
 * const { status, body } = await firstAnswer(money.firstAnswers, key, () => transfer(ctx, value))
 * ```
 */
export async function firstAnswer<T>(
  answers: Map<string, Promise<RememberedAnswer<T>>>,
  key: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return run()
  let first = answers.get(key)
  if (first === undefined) {
    const started: Promise<RememberedAnswer<T>> = run().then(
      (answer) => ({ answer }),
      (error: unknown) => {
        if (kept(error)) return { refusal: error }
        if (answers.get(key) === started) answers.delete(key)
        throw error
      },
    )
    answers.set(key, started)
    first = started
  }
  const remembered = await first
  if ('refusal' in remembered) throw remembered.refusal
  return remembered.answer
}
