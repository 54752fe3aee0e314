import { type KitErrorCode, WalletAuthError } from '../errors.js'

/** Runs one Redis command of a store: its answer, or the store's error. */
export type RedisCommand = <T>(command: string, call: () => Promise<T>) => Promise<T>

/** Options of `redisCommands`. */
export interface RedisCommandsOptions {
  /** The store's error code. */
  code: KitErrorCode
  timeoutMs: number
  /** The HTTP status the relay answers with when the store is needed to answer at all. */
  status?: number
}

/**
 * The runner of a Redis-backed store's commands: a command that fails or takes longer than
 * `timeoutMs` rejects with a `WalletAuthError` of the store's `code`, the client's error as `cause`.
 *
 * @example
 * ```ts
 * const run = redisCommands({ code: 'OWNERSHIP_STORE_UNAVAILABLE', timeoutMs: 500 })
 * const value = await run('GET', () => client.get(key))
 * ```
 */
export function redisCommands({ code, timeoutMs, status }: RedisCommandsOptions): RedisCommand {
  const unavailable = (message: string, cause?: unknown) =>
    new WalletAuthError(code, message, status === undefined ? { cause } : { status, cause })
  return async (command, call) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(unavailable(`Redis did not answer ${command} within ${timeoutMs} ms.`)),
        timeoutMs,
      )
    })
    try {
      return await Promise.race([call(), timeout])
    } catch (cause) {
      if (cause instanceof WalletAuthError) throw cause
      throw unavailable(`Redis ${command} failed.`, cause)
    } finally {
      clearTimeout(timer)
    }
  }
}
