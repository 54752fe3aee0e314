import * as z from 'zod/mini'

/**
 * Lowercase or uppercase hex of whole bytes.
 *
 * @example
 * ```ts
 * Hex.safeParse('00ff').success // true
 * ```
 */
export const Hex = z.string().check(z.regex(/^(?:[0-9a-fA-F]{2})+$/, 'hex'))

/**
 * Uncompressed SEC1 P-256 point as hex (130 chars, `04` prefix).
 *
 * @example
 * ```ts
 * UncompressedPublicKeyHex.safeParse(recipient.publicKeyUncompressed).success // true
 * ```
 */
export const UncompressedPublicKeyHex = z.string().check(z.regex(/^04[0-9a-fA-F]{128}$/))

/**
 * Compressed SEC1 P-256 point as hex (66 chars, `02`/`03` prefix).
 *
 * @example
 * ```ts
 * CompressedPublicKeyHex.safeParse(sessionKey.publicKey).success // true
 * ```
 */
export const CompressedPublicKeyHex = z.string().check(z.regex(/^0[23][0-9a-fA-F]{64}$/))

/**
 * base64url without padding.
 *
 * @example
 * ```ts
 * Base64Url.safeParse('aGk').success // true
 * ```
 */
export const Base64Url = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/))

/**
 * ISO 8601 date-time (UTC `Z` or an offset).
 *
 * @example
 * ```ts
 * DateTime.safeParse('2025-10-13T10:00:00Z').success // true
 * ```
 */
export const DateTime = z.iso.datetime({ offset: true })

/**
 * Integer amount in the smallest currency unit (JSON numbers; never floats).
 *
 * @example
 * ```ts
 * z.object({ amount: Amount }) // 1050 is 10.50 in a two-decimal currency
 * ```
 */
export const Amount = z.int()

/**
 * An opaque `<Type>:<id>` identifier; only the prefix is checked (wire-formats section 12).
 *
 * @example
 * ```ts
 * const QuoteId = prefixedId('Quote')
 * ```
 */
export function prefixedId(type: string) {
  return z.string().check(z.startsWith(`${type}:`), z.minLength(type.length + 2))
}
