import { WalletAuthError } from '../errors.js'
import type { OwnershipStore } from './ownershipStore.js'

/** Options of `createMemoryOwnershipStore`. */
export interface MemoryOwnershipStoreOptions {
  /** Most entries kept at once; the least recently used are dropped beyond it. Default 100,000. */
  maxEntries?: number
}

/**
 * An `OwnershipStore` in this process's memory, bounded and least-recently-used first out: the
 * relay's default, one per relay. Behind a load balancer each instance then learns on its own;
 * `createRedisOwnershipStore` shares what any of them learned.
 *
 * @example
 * ```ts
 * const relay = createRelay({ ...options, ownershipStore: createMemoryOwnershipStore({ maxEntries: 10_000 }) })
 * ```
 */
export function createMemoryOwnershipStore(options: MemoryOwnershipStoreOptions = {}): OwnershipStore {
  const { maxEntries = 100_000 } = options
  if (!(maxEntries > 0)) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'createMemoryOwnershipStore: maxEntries must be positive.')
  }
  // Ids are plain tokens without spaces (the relay's ID_PATTERN): the space cannot be forged.
  const entries = new Set<string>()
  const keyOf = (scope: string, id: string) => `${scope} ${id}`

  return {
    async has(scope, id) {
      const key = keyOf(scope, id)
      if (!entries.has(key)) return false
      // Insertion order is the eviction order: a hit moves to the back.
      entries.delete(key)
      entries.add(key)
      return true
    },
    async add(scope, ids) {
      for (const id of ids) {
        const key = keyOf(scope, id)
        entries.delete(key)
        entries.add(key)
      }
      for (const key of entries) {
        if (entries.size <= maxEntries) break
        entries.delete(key)
      }
    },
  }
}
