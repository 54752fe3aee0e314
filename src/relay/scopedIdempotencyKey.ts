import { bytesToBase64Url } from '../crypto/bytesToBase64Url.js'
import { RelayRefusal } from './relayRefusal.js'

/**
 * What a browser's `Idempotency-Key` may be: 1 to 255 printable ASCII characters (a UUID, an
 * order id). The contract only says "a string"; this bounds it, so what reaches the relay's HMAC
 * and the service is sane.
 */
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/

// Names what the derived HMAC key is for, so the API secret's HMAC under this label serves nothing else.
const LABEL = 'embedded-wallet-auth/relay Idempotency-Key v1'

/**
 * The browser's `Idempotency-Key`, if it sent one; one of another shape is 400 `INVALID_INPUT`
 * (before the hook, like a malformed query).
 *
 * @example
 * ```ts
 * const key = readIdempotencyKey(request) // 'order-42', or undefined
 * ```
 */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get('Idempotency-Key')
  if (key === null) return undefined
  if (!KEY_SHAPE.test(key)) {
    throw new RelayRefusal(
      400,
      'INVALID_INPUT',
      'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
    )
  }
  return key
}

/**
 * The `Idempotency-Key` a relay sends the service in place of the browser's. The service keeps
 * the first answer per key for the whole platform (every customer shares the API credentials), so
 * a key forwarded as it is lets customer A, sending B's key, get B's stored quote back, and blocks
 * B's own request. The relay sends instead base64url(HMAC-SHA256(k, [operation, scope, key])),
 * where `k` is an HMAC of the API secret (unguessable upstream, the same on every instance and
 * after a restart) and `scope` names what the request was approved for: the ids the hook was
 * asked about and the customers `isOwnedBy` found owning them. One customer retrying one request
 * with its key gets the same upstream key (deduplicated); another customer, or another route,
 * never does.
 *
 * @example
 * ```ts
 * const scoped = scopedIdempotencyKey(clientSecret)
 * await scoped('POST /quotes', ['accountId=InternalAccount:1', 'owner=Customer:1'], 'order-42')
 * ```
 */
export function scopedIdempotencyKey(
  clientSecret: string,
): (operation: string, scope: readonly string[], key: string) => Promise<string> {
  const encoder = new TextEncoder()
  let hmacKey: Promise<CryptoKey> | undefined
  const derive = async () => {
    const hmac = { name: 'HMAC', hash: 'SHA-256' }
    const secret = await crypto.subtle.importKey('raw', encoder.encode(clientSecret), hmac, false, ['sign'])
    const derived = await crypto.subtle.sign('HMAC', secret, encoder.encode(LABEL))
    return crypto.subtle.importKey('raw', derived, hmac, false, ['sign'])
  }
  return async (operation, scope, key) => {
    hmacKey ??= derive()
    // A JSON array keeps the parts apart: no choice of key can pass for another scope.
    const message = encoder.encode(JSON.stringify([operation, [...scope], key]))
    return bytesToBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey, message)))
  }
}
