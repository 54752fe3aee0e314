import { WalletAuthError } from '../errors.js'
import type { OwnershipStore } from './ownershipStore.js'
import { redisCommands } from './redisCommands.js'

/**
 * The two commands `createRedisOwnershipStore` needs, as the `redis` npm package (v4 and later)
 * names them: a connected `createClient()` fits as it is. Another client fits through a small
 * adapter, e.g. ioredis: `{ set: (k, v, { PX }) => io.set(k, v, 'PX', PX), get: (k) => io.get(k) }`.
 */
export interface RedisOwnershipClient {
  /** `SET key value PX ttl`. */
  set(key: string, value: string, options: { PX: number }): Promise<unknown>
  /** `GET key`: the value, or `null`. */
  get(key: string): Promise<unknown>
}

/** Options of `createRedisOwnershipStore`. */
export interface RedisOwnershipStoreOptions {
  /** Your connected Redis client; the kit neither connects nor closes it. */
  client: RedisOwnershipClient
  /** Prepended to every key. Default `'embedded-wallet-auth:owner:'`. */
  keyPrefix?: string
  /** How long an entry is kept after it was last learned, in ms: the store's bound. Default 7 days. */
  ttlMs?: number
  /** Longest wait for one command, in ms, before it fails with `OWNERSHIP_STORE_UNAVAILABLE`. Default 500. */
  timeoutMs?: number
}

/**
 * An `OwnershipStore` in Redis, so what one relay instance learned saves the others their
 * lookups too. One key per (customer, id), expiring `ttlMs` after it was last learned. A command
 * that fails or takes longer than `timeoutMs` rejects with `OWNERSHIP_STORE_UNAVAILABLE`; the
 * relay then asks the service instead.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis'
 *
 * const redis = createClient({ url: process.env.REDIS_URL })
 * redis.on('error', (error) => log.warn(error))
 * await redis.connect()
 * const relay = createRelay({ ...options, ownershipStore: createRedisOwnershipStore({ client: redis }) })
 * ```
 */
export function createRedisOwnershipStore(options: RedisOwnershipStoreOptions): OwnershipStore {
  const {
    client,
    keyPrefix = 'embedded-wallet-auth:owner:',
    ttlMs = 7 * 24 * 3600 * 1000,
    timeoutMs = 500,
  } = options
  if (typeof client?.set !== 'function' || typeof client.get !== 'function') {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'createRedisOwnershipStore needs a client with set(key, value, { PX }) and get(key).',
    )
  }
  if (typeof keyPrefix !== 'string' || !(ttlMs > 0) || !(timeoutMs > 0)) {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'createRedisOwnershipStore: keyPrefix is a string, ttlMs and timeoutMs are positive.',
    )
  }
  // Ids are plain tokens without spaces (the relay's ID_PATTERN): the space cannot be forged.
  const keyOf = (scope: string, id: string) => `${keyPrefix}${scope} ${id}`

  const run = redisCommands({ code: 'OWNERSHIP_STORE_UNAVAILABLE', timeoutMs })

  return {
    async has(scope, id) {
      return (await run('GET', () => client.get(keyOf(scope, id)))) === '1'
    },
    async add(scope, ids) {
      const PX = Math.max(1, Math.ceil(ttlMs))
      await run('SET', () => Promise.all(ids.map((id) => client.set(keyOf(scope, id), '1', { PX }))))
    },
  }
}
