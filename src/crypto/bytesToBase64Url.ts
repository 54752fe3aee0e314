/**
 * base64url without padding, as WebAuthn and the stamp header use it.
 *
 * @example
 * ```ts
 * bytesToBase64Url(new TextEncoder().encode('hi')) // 'aGk'
 * ```
 */
export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return binaryToBase64Url(binary)
}

/**
 * base64url of a string whose characters are all below U+0100 (each one byte), such as ASCII
 * JSON: no UTF-8 round trip. Throws on other characters, as `btoa` does.
 *
 * @example
 * ```ts
 * binaryToBase64Url('{"a":1}') // 'eyJhIjoxfQ'
 * ```
 */
export function binaryToBase64Url(binary: string): string {
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
