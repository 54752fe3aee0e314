/** A call to the signer, as `connectSigner`'s channel makes it. */
type Call = (method: string, args: readonly unknown[]) => Promise<unknown>

/** A request as it crosses to the signer (the signer's `signerFetch` reads it). */
export interface FramedRequest {
  url: string
  method: string
  headers: [string, string][]
  body?: string
}

/**
 * The page's `wallet.fetch` in signer mode: the request crosses as text, the signer sends it to
 * the relay (and only there), stamps any challenge after its checks, and the answer comes back as
 * text, made a `Response` again here.
 *
 * @example
 * ```ts
 * const fetch = framedFetch((method, args) => channel.call(method, args))
 * const response = await fetch('/api/wallet/internal-accounts/InternalAccount:1', { method: 'PATCH', body })
 * ```
 */
export function framedFetch(call: Call): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    const given = init?.body
    if (typeof given === 'string' && !headers.has('Content-Type'))
      headers.set('Content-Type', 'application/json')
    // The browser's Request resolves the URL, normalises the method and refuses a GET with a body;
    // a text body is sent as given, not read back from it (a stream read that was most of the page's
    // cost of a call in signer mode).
    const request = new Request(input instanceof URL ? input.href : input, { ...init, headers })
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : typeof given === 'string'
          ? given
          : await request.text()
    const answer = (await call('fetch', [
      { url: request.url, method: request.method, headers: [...request.headers], ...(body ? { body } : {}) },
    ])) as { status: number; statusText: string; headers: [string, string][]; body: string }
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304
    return new Response(empty ? null : answer.body, answer)
  }
}
