import { bytesToHex } from './bytesToHex.js'

/**
 * One buffer holding `parts` back to back.
 *
 * @example
 * ```ts
 * concatBytes(new Uint8Array([1]), new Uint8Array([2, 3])) // Uint8Array [1, 2, 3]
 * ```
 */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const encoder = /* @__PURE__ */ new TextEncoder()

/**
 * UTF-8 bytes of `text`, exactly as given (no normalisation).
 *
 * @example
 * ```ts
 * utf8('é') // Uint8Array [195, 169]
 * ```
 */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text)
}

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
