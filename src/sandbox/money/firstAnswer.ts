/**
 * The answer of the first request with `key`: `run`'s, remembered as soon as it starts, so that a
 * request with the same key arriving while it runs waits for that answer instead of running again
 * (nothing is done twice, even in parallel). A failure is answered to the requests that waited
 * for it, then forgotten: the key may be tried again. Without a key, `run` just runs.
 *
 * @example
 * ```ts
 * const { status, body } = await firstAnswer(money.firstAnswers, key, () => transfer(ctx, value))
 * ```
 */
export function firstAnswer<T>(
  answers: Map<string, Promise<T>>,
  key: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return run()
  const first = answers.get(key)
  if (first) return first
  const answer = run()
  answers.set(key, answer)
  answer.catch(() => {
    if (answers.get(key) === answer) answers.delete(key)
  })
  return answer
}
