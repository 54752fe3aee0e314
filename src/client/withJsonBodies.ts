/**
 * Wraps a fetch (the client's `wallet.fetch`) so that a string body sent without a declared type
 * goes as `application/json`. Every body the client sends is JSON, and the browser would otherwise label
 * it `text/plain`: the one type a cross-site page can post too, which the relay therefore refuses.
 *
 * @example
 * ```ts
 * const walletFetch = withJsonBodies(signedFetch)
 * await walletFetch('/api/wallet/internal-accounts/…', { method: 'PATCH', body: '{"privateEnabled":true}' })
 * ```
 */
export function withJsonBodies(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    if (typeof init?.body !== 'string') return fetch(input, init)
    const headers = new Headers(init.headers)
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    return fetch(input, { ...init, headers })
  }
}
