/**
 * Whether this browser has WebAuthn at all (`PublicKeyCredential`), asked without loading
 * `@simplewebauthn/browser`: the library is loaded when a ceremony first runs, so an app that never
 * uses passkeys never downloads it.
 *
 * @example
 * ```ts
 * if (!browserHasWebAuthn()) button.hidden = true
 * ```
 */
export function browserHasWebAuthn(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function'
}
