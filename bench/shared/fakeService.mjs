// The benches' fake service (no DOM, no Node APIs: it runs in a bench page and behind a Node server):
// a 202 signed-retry challenge to an unsigned request, 200 to a signed one, at once.
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.ts'

/**
 * A `fetch`-shaped service answering every unsigned request with a challenge whose
 * `payloadToSign` is `payloadOf(requestId)`, and every request carrying a wallet signature with
 * 200 and `answer`. `counts.signed` counts the signed ones.
 *
 * @example
 * ```js
 * const counts = { signed: 0 }
 * const wallet = createWalletAuth({ baseUrl, fetch: fakeService({ counts, payloadOf }) })
 * ```
 * @param {{ counts: { signed: number }, payloadOf: (requestId: string) => string, answer?: string }} options
 * @returns {(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>}
 */
export function fakeService({ counts, payloadOf, answer = '{}' }) {
  return async (_input, init) => {
    const signed = new Headers(init?.headers).has(WALLET_SIGNATURE_HEADER)
    if (signed) {
      counts.signed++
      return new Response(answer, { status: 200, headers: { 'Content-Type': 'application/json' } })
    }
    const requestId = `Request:${crypto.randomUUID()}`
    const challenge = {
      type: 'SIGNED_RETRY',
      payloadToSign: payloadOf(requestId),
      requestId,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    }
    return new Response(JSON.stringify(challenge), {
      status: 202,
      headers: { 'Content-Type': 'application/json' },
    })
  }
}
