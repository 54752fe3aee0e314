import type { Relay } from './createRelay.js'

/** Options of `withSignerOrigins`. */
export interface SignerOriginsOptions {
  /** The signer document's origins, e.g. `https://signer.example.com`. */
  signerOrigins: readonly string[]
  /** The wallet-signature header's name, as given to the relay. Default `Service-Wallet-Signature`. */
  headerName?: string
}

const METHODS = 'GET, POST, PUT, PATCH, DELETE'

/**
 * Lets the signer document call the relay from its own origin with the app's cookie (CORS with
 * credentials, for those origins only): in signer mode the signer makes the requests it signs
 * itself. Any other origin gets no CORS headers, so its page cannot read an answer.
 *
 * @example
 * ```ts
 * const relay = withSignerOrigins(createRelay({ ... }), { signerOrigins: ['https://signer.example.com'] })
 * ```
 */
export function withSignerOrigins(
  relay: Relay,
  { signerOrigins, headerName = 'Service-Wallet-Signature' }: SignerOriginsOptions,
): Relay {
  const allowed = new Set(signerOrigins.map((origin) => new URL(origin).origin))
  const allowedHeaders = ['content-type', 'idempotency-key', 'request-id', headerName.toLowerCase()]
  const corsHeaders = (origin: string) => ({
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    // The client reads the service's clock from Date, and waits as long as Retry-After says.
    'Access-Control-Expose-Headers': 'Date, Retry-After',
    Vary: 'Origin',
  })
  return async (request) => {
    const origin = request.headers.get('Origin')
    if (origin === null || !allowed.has(origin)) return relay(request)
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders(origin),
          'Access-Control-Allow-Methods': METHODS,
          'Access-Control-Allow-Headers': allowedHeaders.join(', '),
          'Access-Control-Max-Age': '600',
        },
      })
    }
    const response = await relay(request)
    const headers = new Headers(response.headers)
    for (const [name, value] of Object.entries(corsHeaders(origin))) headers.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}
