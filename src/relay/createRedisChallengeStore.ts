import { WalletAuthError } from '../errors.js'
import type { ChallengeStore } from './challengeStore.js'
import { redisCommands } from './redisCommands.js'

/**
 * The two commands `createRedisChallengeStore` needs, as the `redis` npm package (v4 and later)
 * names them: a connected `createClient()` fits as it is. Another client fits through a small
 * adapter, e.g. ioredis: `{ set: (k, v, { PX }) => io.set(k, v, 'PX', PX), getDel: (k) => io.getdel(k) }`.
 */
export interface RedisChallengeClient {
  /** `SET key value PX ttl`. */
  set(key: string, value: string, options: { PX: number }): Promise<unknown>
  /** `GETDEL key` (Redis 6.2 or later): the value, or `null`. */
  getDel(key: string): Promise<unknown>
}

/** Options of `createRedisChallengeStore`. */
export interface RedisChallengeStoreOptions {
  /** Your connected Redis client; the kit neither connects nor closes it. */
  client: RedisChallengeClient
  /** Prepended to every key. Default `'embedded-wallet-auth:passkey-challenge:'`. */
  keyPrefix?: string
  /**
   * Longest wait for one command, in ms, before it fails with `CHALLENGE_STORE_UNAVAILABLE`.
   * Clients queue commands while they reconnect, so without a bound an outage would hang the
   * request. Default 2,000.
   */
  timeoutMs?: number
}

/**
 * A `ChallengeStore` in Redis, so every backend instance behind a load balancer checks the
 * challenges any of them issued. Entries expire with `PX`; `take` is `GETDEL`, atomic on the
 * server, so of two instances racing for one challenge only one gets it. The kit adds no Redis
 * dependency: pass the client you already run. A command that fails, or takes longer than
 * `timeoutMs`, rejects with `WalletAuthError` `CHALLENGE_STORE_UNAVAILABLE`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis'
 *
 * const redis = createClient({ url: process.env.REDIS_URL })
 * redis.on('error', (error) => log.warn(error)) // without a listener, a lost connection throws
 * await redis.connect()
 * const passkeys = createPasskeyRegistrationOptions({
 *   rpName: 'Acme Wallet',
 *   rpId: 'wallet.example',
 *   origins: ['https://wallet.example'],
 *   store: createRedisChallengeStore({ client: redis }),
 * })
 * ```
 */
export function createRedisChallengeStore(options: RedisChallengeStoreOptions): ChallengeStore {
  const { client, keyPrefix = 'embedded-wallet-auth:passkey-challenge:', timeoutMs = 2000 } = options
  if (typeof client?.set !== 'function' || typeof client.getDel !== 'function') {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'createRedisChallengeStore needs a client with set(key, value, { PX }) and getDel(key).',
    )
  }
  if (typeof keyPrefix !== 'string' || !(timeoutMs > 0)) {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'createRedisChallengeStore: keyPrefix is a string and timeoutMs is positive.',
    )
  }

  const run = redisCommands({ code: 'CHALLENGE_STORE_UNAVAILABLE', timeoutMs, status: 503 })

  return {
    async put(key, value, ttlMs) {
      await run('SET', () => client.set(keyPrefix + key, value, { PX: Math.max(1, Math.ceil(ttlMs)) }))
    },
    async take(key) {
      const value = await run('GETDEL', () => client.getDel(keyPrefix + key))
      if (value === null || value === undefined) return undefined
      if (typeof value !== 'string') {
        throw new WalletAuthError(
          'CHALLENGE_STORE_UNAVAILABLE',
          'Redis GETDEL answered something other than a string.',
          {
            status: 503,
          },
        )
      }
      return value
    },
  }
}
