/**
 * Where `createPasskeyRegistrationOptions` keeps the challenges it issued until they are answered.
 * Every backend instance that checks registrations must see the same store: with more than one
 * instance, a shared one (`createRedisChallengeStore`, or your own over any store with an atomic
 * get-and-delete). Failures reject; the kit reports them as `CHALLENGE_STORE_UNAVAILABLE`.
 *
 * @example
 * ```ts
 * // A store over a database that has an atomic "delete ... returning".
 * const store: ChallengeStore = {
 *   put: (key, value, ttlMs) => db.insertChallenge(key, value, Date.now() + ttlMs),
 *   take: (key) => db.deleteUnexpiredChallengeReturningValue(key),
 * }
 * ```
 */
export interface ChallengeStore {
  /** Keeps `value` under `key` for `ttlMs` milliseconds, replacing any value it had. */
  put(key: string, value: string, ttlMs: number): Promise<void>
  /**
   * Removes and returns the value under `key` in one atomic step (of two concurrent takes, at most
   * one gets it), or `undefined` when there is none or it expired.
   */
  take(key: string): Promise<string | undefined>
}
