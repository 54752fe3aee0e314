/** Lowercase hex of each byte value: a table, since stamping hex-encodes a signature every time. */
export const HEX_DIGITS = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, '0'),
)

/**
 * Lowercase hex of `bytes`.
 *
 * @example
 * ```ts
 * bytesToHex(new Uint8Array([0, 255])) // '00ff'
 * ```
 */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = ''
  for (let i = 0; i < bytes.length; i++) hex += HEX_DIGITS[bytes[i] as number]
  return hex
}
