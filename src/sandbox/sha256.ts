import { createHash } from 'node:crypto'

/**
 * Lowercase hex SHA-256 of `data` (a string is hashed as UTF-8), computed synchronously with
 * node:crypto: the sandbox runs on Node, and a WebCrypto digest would cost a round trip through
 * libuv's thread pool on every request body.
 *
 * @example
 * ```ts
 * sha256Hex('abc') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 * ```
 */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex')
}
