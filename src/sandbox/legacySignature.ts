/**
 * The value the sandbox, like the real one, still accepts in place of a stamp.
 *
 * @example
 * ```ts
 * headers.set('Service-Wallet-Signature', LEGACY_SIGNATURE) // sandbox only
 * ```
 */
export const LEGACY_SIGNATURE = 'sandbox-valid-signature'
