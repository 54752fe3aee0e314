import type * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { isPlainObject } from '../wire/isPlainObject.js'
import { parseWire } from '../wire/parseWire.js'
import type { CallOptions, ClientSettings } from './clientContext.js'
import type { ResponseArrivals } from './signIns.js'

/** Options of `createJsonCall`. */
export interface JsonCallOptions {
  settings: ClientSettings
  /** The fetch of one call (`partOfChange`: one of a sign-in's or refresh's own calls). */
  fetchFor(options: CallOptions<unknown>, partOfChange: boolean): typeof fetch
  /** A call whose body sends one of these as `clientPublicKey` is part of a change; done, it is removed. */
  pendingPublicKeys: Set<string>
  /** Where a parsed response's arrival is noted. */
  arrivals: ResponseArrivals
}

/**
 * A JSON call to `baseUrl + path`, signed when challenged, parsed with `schema` when given.
 *
 * @example
 * ```ts
 * const call = createJsonCall({ settings, fetchFor, pendingPublicKeys, arrivals })
 * const sessions = await call('GET', `/auth/sessions?accountId=${id}`, { schema: SessionList })
 * ```
 */
export function createJsonCall({ settings, fetchFor, pendingPublicKeys, arrivals }: JsonCallOptions) {
  const base = settings.baseUrl.replace(/\/+$/, '')
  return async function call<T extends z.ZodMiniType>(
    method: string,
    path: string,
    options: CallOptions<T> = {},
  ): Promise<z.infer<T>> {
    const ownKey = isPlainObject(options.body) ? options.body.clientPublicKey : undefined
    const partOfChange = typeof ownKey === 'string' && pendingPublicKeys.has(ownKey)
    const send = fetchFor(options, partOfChange)
    const what = `${method} ${path.split('?')[0]}`
    let response: Response
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      })
    } catch (cause) {
      if (cause instanceof WalletAuthError) throw cause
      throw new WalletAuthError('NETWORK_ERROR', `${what} did not reach the server.`, { cause })
    } finally {
      if (partOfChange) pendingPublicKeys.delete(ownKey)
    }
    const receivedAt = settings.now()
    if (!options.schema) return undefined as never
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      throw new WalletAuthError('INVALID_RESPONSE', `${what} answered ${response.status} without JSON.`, {
        cause,
      })
    }
    const parsed = parseWire(options.schema, body, what)
    if (isPlainObject(parsed)) arrivals.set(parsed, { receivedAt, date: response.headers.get('Date') })
    return parsed
  }
}
