import { base64UrlToBytes } from './base64UrlToBytes.js'

/**
 * The payload (middle segment) of a JWT-shaped token, parsed as UTF-8 JSON. Throws on anything else
 * (not three segments, not base64url, not UTF-8, not JSON); callers turn that into their own code.
 * The signature segment is not checked.
 *
 * @example
 * ```ts
 * const claims = readJwtPayload(idToken) // { iss, aud, sub, iat, exp, nonce? }
 * ```
 */
export function readJwtPayload(token: string): unknown {
  const segments = typeof token === 'string' ? token.split('.') : []
  if (segments.length !== 3) throw new TypeError('A JWT has three segments.')
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(segments[1] ?? '')))
}
