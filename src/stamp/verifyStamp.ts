/** Outcome of `verifyStamp`. */
export interface StampVerification {
  /** The signature verifies over the payload with the stamp's own public key. */
  valid: boolean
  /** Compressed hex public key named in the stamp (lowercase); the verifier checks it is trusted. */
  publicKey: string
}

/**
 * Parses a `Service-Wallet-Signature` value and verifies it over `payloadToSign` (UTF-8, exact).
 * High-S signatures are accepted. A malformed stamp (not base64url JSON, a missing or ill-typed
 * field, an unknown scheme, bad DER, a point off the curve) throws `INVALID_STAMP`; a well-formed
 * stamp that does not verify returns `valid: false`. Whether `publicKey` may sign is the caller's
 * question.
 *
 * @example
 * ```ts
 * const { valid, publicKey } = await verifyStamp(request.headers.get('Service-Wallet-Signature'), payload)
 * if (!valid || !activeSessionKeys.has(publicKey)) return unauthorized()
 * ```
 */
export async function verifyStamp(header: string, payloadToSign: string): Promise<StampVerification> {
  // Verifying needs point decompression and a DER parser; pages that only sign never load them.
  checker ??= import('./checkStamp.js')
  const { checkStamp } = await checker
  return checkStamp(header, payloadToSign)
}

let checker: Promise<typeof import('./checkStamp.js')> | undefined
