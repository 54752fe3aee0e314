import * as z from 'zod/mini'

/** Lowercase or uppercase hex of whole bytes. */
export const Hex = z.string().check(z.regex(/^(?:[0-9a-fA-F]{2})+$/, 'hex'))

/** Uncompressed SEC1 P-256 point as hex (130 chars, `04` prefix). */
export const UncompressedPublicKeyHex = z.string().check(z.regex(/^04[0-9a-fA-F]{128}$/))

/** Compressed SEC1 P-256 point as hex (66 chars, `02`/`03` prefix). */
export const CompressedPublicKeyHex = z.string().check(z.regex(/^0[23][0-9a-fA-F]{64}$/))

/** base64url without padding. */
export const Base64Url = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/))

/** ISO 8601 date-time (UTC `Z` or an offset). */
export const DateTime = z.iso.datetime({ offset: true })

/** Integer amount in the smallest currency unit (JSON numbers; never floats). */
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
