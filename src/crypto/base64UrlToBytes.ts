import { WalletAuthError } from '../errors.js'

const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/

/**
 * Bytes of a base64url string (padding tolerated). Throws `INVALID_BASE64URL` otherwise.
 *
 * @example
 * ```ts
 * base64UrlToBytes('aGk') // bytes of 'hi'
 * ```
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const unpadded = typeof text === 'string' ? text.replace(/={1,2}$/, '') : ''
  if (typeof text !== 'string' || !BASE64URL_PATTERN.test(unpadded) || unpadded.length % 4 === 1) {
    throw new WalletAuthError('INVALID_BASE64URL', 'Expected a base64url string.')
  }
  const binary = atob(unpadded.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
