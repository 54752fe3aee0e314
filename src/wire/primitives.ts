import * as z from 'zod/mini'
import { isDateTime } from './isDateTime.js'
import { isPlainObject } from './isPlainObject.js'

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

// What `z.iso.datetime({ offset: true })` accepts, checked by the signing path's own reader: zod's
// ISO namespace and date-time patterns cost the browser about 800 B gzip. A failure still reads
// `expiresAt: not a valid datetime`.
/**
 * ISO 8601 date-time (UTC `Z` or an offset).
 *
 * @example
 * ```ts
 * DateTime.safeParse('2025-10-13T10:00:00Z').success // true
 * ```
 */
export const DateTime = z.string().check(z.refine(isDateTime, 'not a valid datetime'))

// What `z.record(z.string(), z.unknown())` accepts of a JSON value, without the record parser's
// code (about 600 B gzip in the browser); the object is passed on itself, not copied.
/**
 * Any plain object, as JSON makes them, its members unchecked (WebAuthn options, an error's
 * details).
 *
 * @example
 * ```ts
 * JsonObject.safeParse({ challenge: 'aGk' }).success // true
 * ```
 */
export const JsonObject = z.custom<Record<string, unknown>>(isPlainObject, 'expected a plain object')

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
  // One refinement, not zod's prefix and length checks: the same ids, about 90 B gzip less.
  const prefix = `${type}:`
  const isId = (id: string) => id.length > prefix.length && id.startsWith(prefix)
  return z.string().check(z.refine(isId, `expected a ${prefix}… id`))
}
