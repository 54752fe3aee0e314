type WebAuthnLibrary = typeof import('@simplewebauthn/browser')

let library: WebAuthnLibrary | undefined
let loading: Promise<WebAuthnLibrary> | undefined

/**
 * Loads `@simplewebauthn/browser` once, on first use: an app that never runs a passkey ceremony
 * never downloads it. Called ahead of the ceremony (when a sign-in is prepared, when adding a
 * passkey starts), so that the ceremony itself, run from the person's click, starts with nothing
 * awaited before it (Safari wants `navigator.credentials` called within the click).
 *
 * @example
 * ```ts
 * const { startAuthentication } = loadedWebAuthn() ?? (await loadWebAuthn())
 * ```
 */
export function loadWebAuthn(): Promise<WebAuthnLibrary> {
  loading ??= import('@simplewebauthn/browser').then((loaded) => {
    library = loaded
    return loaded
  })
  return loading
}

/** The library when `loadWebAuthn` has loaded it, else `undefined` (use it without awaiting). */
export function loadedWebAuthn(): WebAuthnLibrary | undefined {
  return library
}
