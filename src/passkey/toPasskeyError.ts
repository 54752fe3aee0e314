import { WalletAuthError, type WalletAuthErrorCode } from '../errors.js'

// WebAuthn Level 3: the DOMException names `get()` and `create()` may reject with.
const BY_DOMEXCEPTION_NAME: Record<string, WalletAuthErrorCode> = {
  // The user closed the dialog, the ceremony timed out, or no credential here matched: browsers
  // report all three this way on purpose, so that a page cannot probe for credentials. Treat it
  // as "return to the button quietly and offer another method".
  NotAllowedError: 'PASSKEY_CANCELLED',
  AbortError: 'PASSKEY_ABORTED',
  TimeoutError: 'PASSKEY_TIMEOUT',
  // The RP id is not a registrable suffix of the origin, or the origin is opaque (step 7-8).
  SecurityError: 'PASSKEY_INVALID_DOMAIN',
  // An excluded credential is already on this authenticator (create, step 3 of the op).
  InvalidStateError: 'PASSKEY_ALREADY_REGISTERED',
  NotSupportedError: 'PASSKEY_NOT_SUPPORTED',
  ConstraintError: 'PASSKEY_NOT_SUPPORTED',
}

// @simplewebauthn/browser wraps some DOMExceptions in its own WebAuthnError with a finer code.
const BY_SIMPLEWEBAUTHN_CODE: Record<string, WalletAuthErrorCode> = {
  ERROR_CEREMONY_ABORTED: 'PASSKEY_ABORTED',
  ERROR_INVALID_DOMAIN: 'PASSKEY_INVALID_DOMAIN',
  ERROR_INVALID_RP_ID: 'PASSKEY_INVALID_DOMAIN',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'PASSKEY_ALREADY_REGISTERED',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'PASSKEY_NOT_SUPPORTED',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'PASSKEY_NOT_SUPPORTED',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'PASSKEY_NOT_SUPPORTED',
}

/**
 * Maps whatever a WebAuthn ceremony threw (a `DOMException`, or `@simplewebauthn/browser`'s
 * `WebAuthnError` around one) to a `WalletAuthError` with a stable code, keeping it as `cause`.
 */
export function toPasskeyError(error: unknown): WalletAuthError {
  if (error instanceof WalletAuthError) return error
  const wrapped = error as { code?: unknown; name?: unknown; cause?: { name?: unknown } } | null
  const byLibrary = typeof wrapped?.code === 'string' ? BY_SIMPLEWEBAUTHN_CODE[wrapped.code] : undefined
  const name = String(wrapped?.cause?.name ?? wrapped?.name ?? '')
  const code = byLibrary ?? BY_DOMEXCEPTION_NAME[name] ?? 'PASSKEY_FAILED'
  const message = error instanceof Error ? error.message : 'The passkey ceremony failed.'
  return new WalletAuthError(code, message, { cause: error })
}
