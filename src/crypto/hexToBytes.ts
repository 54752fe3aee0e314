import { WalletAuthError } from '../errors.js'

const HEX_PATTERN = /^(?:[0-9a-fA-F]{2})*$/

/**
 * Bytes of a hex string (either case, even length). Throws `INVALID_HEX` otherwise.
 * `expectedLength`, in bytes, also rejects a well-formed string of the wrong size.
 *
 * @example
 * ```ts
 * hexToBytes('00ff') // Uint8Array [0, 255]
 * ```
 */
export function hexToBytes(hex: string, expectedLength?: number): Uint8Array<ArrayBuffer> {
  if (
    typeof hex !== 'string' ||
    !HEX_PATTERN.test(hex) ||
    (expectedLength !== undefined && hex.length !== expectedLength * 2)
  ) {
    throw new WalletAuthError('INVALID_HEX', `Expected ${expectedLength ?? 'whole'} bytes of hex.`)
  }
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}
