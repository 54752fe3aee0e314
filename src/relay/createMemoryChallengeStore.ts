import { WalletAuthError } from '../errors.js'
import type { ChallengeStore } from './challengeStore.js'

/** Options of `createMemoryChallengeStore`. */
export interface MemoryChallengeStoreOptions {
  /** Most entries kept at once; the oldest are dropped beyond it. Default 10,000. */
  maxEntries?: number
  /** Clock. Default `Date.now`. */
  now?: () => number
}

/**
 * A `ChallengeStore` in this process's memory: the default of `createPasskeyRegistrationOptions`.
 * Right for a single backend instance only; behind a load balancer, use a shared store.
 *
 * @example
 * ```ts
 * const passkeys = createPasskeyRegistrationOptions({
 *   rpName: 'Acme Wallet',
 *   rpId: 'wallet.example',
 *   origins: ['https://wallet.example'],
 *   store: createMemoryChallengeStore({ maxEntries: 1000 }),
 * })
 * ```
 */
export function createMemoryChallengeStore(options: MemoryChallengeStoreOptions = {}): ChallengeStore {
  const { maxEntries = 10_000, now = Date.now } = options
  if (!(maxEntries > 0)) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'createMemoryChallengeStore: maxEntries must be positive.')
  }
  const entries = new Map<string, { value: string; expiresAt: number }>()

  const sweep = () => {
    const time = now()
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key)
    // Insertion order is issue order: drop the oldest beyond the bound.
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break
      entries.delete(key)
    }
  }

  return {
    async put(key, value, ttlMs) {
      entries.delete(key)
      sweep()
      entries.set(key, { value, expiresAt: now() + ttlMs })
    },
    async take(key) {
      const entry = entries.get(key)
      entries.delete(key)
      return entry !== undefined && entry.expiresAt > now() ? entry.value : undefined
    },
  }
}
