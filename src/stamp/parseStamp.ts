import { base64UrlToBytes } from '../crypto/base64UrlToBytes.js'
import { STAMP_SCHEME } from './stamp.js'

/**
 * The fields of a wallet-signature header value: base64url of UTF-8 JSON with string `publicKey`
 * and `signature` and the known `scheme`. Throws on anything else; the verifiers turn that into
 * `INVALID_STAMP`. Checked by hand, not with zod: the stamp code stays free of schema code.
 *
 * @example
 * ```ts
 * const { publicKey, signature } = parseStamp(request.headers.get('Service-Wallet-Signature') ?? '')
 * ```
 */
export function parseStamp(header: string): { publicKey: string; signature: string } {
  const stampJson = new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(header))
  const { publicKey, scheme, signature } = (JSON.parse(stampJson) ?? {}) as Record<string, unknown>
  if (typeof publicKey !== 'string' || scheme !== STAMP_SCHEME || typeof signature !== 'string') {
    throw new TypeError('The stamp needs string publicKey and signature and the known scheme.')
  }
  return { publicKey, signature }
}
