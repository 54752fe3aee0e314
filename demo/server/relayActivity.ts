import type { Relay } from '../../src/relay/index.js'

/** One exchange the relay forwarded, as the demo's activity panel shows it. */
export interface RelayExchange {
  method: string
  /** Path and query, as the page or the signer asked for it. */
  url: string
  requestBody: string
  /** The wallet-signature header, if the request was signed. */
  signature: string | null
  requestId: string | null
  status: number
  responseBody: string
}

/** What `createRelayActivity` gives: the wrapped relay, and each user's exchanges from an index on. */
export interface RelayActivity {
  wrap(relay: Relay): Relay
  since(user: string, after: number): { exchanges: RelayExchange[]; next: number }
}

/**
 * The relay's exchanges per signed-in user, the last `limit` of each, for the activity panel in
 * signer mode: the signer frame calls the relay itself, so the page cannot see those requests;
 * the backend, which forwards them, shows them instead.
 *
 * @example
 * ```ts
 * const activity = createRelayActivity({ headerName, userOf: (request) => users.fromCookies(request.headers.get('cookie'))?.customerId })
 * const handler = toNodeHandler(activity.wrap(relay))
 * ```
 */
export function createRelayActivity({
  headerName,
  userOf,
  limit = 200,
}: {
  headerName: string
  userOf: (request: Request) => string | undefined
  limit?: number
}): RelayActivity {
  const byUser = new Map<string, { first: number; exchanges: RelayExchange[] }>()
  return {
    wrap: (relay) => async (request) => {
      const user = userOf(request)
      // CORS preflights are the browser's, not the wallet's.
      if (user === undefined || request.method === 'OPTIONS') return relay(request)
      const requestBody = request.body ? await request.clone().text() : ''
      const response = await relay(request)
      const url = new URL(request.url)
      const log = byUser.get(user) ?? { first: 0, exchanges: [] }
      byUser.set(user, log)
      log.exchanges.push({
        method: request.method,
        url: url.pathname + url.search,
        requestBody,
        signature: request.headers.get(headerName),
        requestId: request.headers.get('Request-Id'),
        status: response.status,
        responseBody: await response.clone().text(),
      })
      const extra = log.exchanges.length - limit
      if (extra > 0) {
        log.exchanges.splice(0, extra)
        log.first += extra
      }
      return response
    },
    since(user, after) {
      const log = byUser.get(user) ?? { first: 0, exchanges: [] }
      const next = log.first + log.exchanges.length
      return { exchanges: log.exchanges.slice(Math.max(0, after - log.first)), next }
    },
  }
}
