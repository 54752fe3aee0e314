import { bytesToHex } from './bytesToHex.js'
import { utf8 } from './utf8.js'

/**
 * Lowercase hex SHA-256 of the UTF-8 bytes of `text` (WebCrypto).
 *
 * @example
 * ```ts
 * await sha256Hex('abc') // 'ba7816bf...'
 * ```
 */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))))
}
