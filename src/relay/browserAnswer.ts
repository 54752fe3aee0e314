import { RelayRefusal } from './relayRefusal.js'

// `application/json` and its structured-syntax relatives (`application/problem+json`).
const JSON_TYPE = /^application\/(?:[a-z0-9.-]+\+)?json$/

/**
 * The relay's answer as the browser gets it: a body only under a JSON content type (anything
 * else from the service becomes 502 `BAD_GATEWAY`, so no HTML or script reaches the page from the
 * integrator's origin), never sniffed for another type (`X-Content-Type-Options: nosniff`) and
 * never cached (`Cache-Control: no-store`), since it carries a user's wallet data.
 *
 * @example
 * ```ts
 * return browserAnswer(await handle(request))
 * ```
 */
export async function browserAnswer(response: Response): Promise<Response> {
  const bytes = response.body ? new Uint8Array(await response.arrayBuffer()) : new Uint8Array(0)
  const contentType = response.headers.get('Content-Type')
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  let answer = response
  if (bytes.length > 0 && !JSON_TYPE.test(mediaType)) {
    answer = new RelayRefusal(502, 'BAD_GATEWAY', 'The service gave an unusable answer.').toResponse()
  } else {
    const headers = new Headers(response.headers)
    if (bytes.length === 0) headers.delete('Content-Type')
    answer = new Response(bytes.length > 0 ? bytes : null, { status: response.status, headers })
  }
  answer.headers.set('X-Content-Type-Options', 'nosniff')
  answer.headers.set('Cache-Control', 'no-store')
  return answer
}
