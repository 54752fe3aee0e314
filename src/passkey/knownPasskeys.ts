// The WebAuthn credential ids this browser created or used, newest last, in localStorage: enough to
// tell "this passkey is not here" from "the user closed the dialog" (both are NotAllowedError).
const STORAGE_KEY = 'embedded-wallet-auth:passkeys'
// A few devices' worth per site is plenty; the oldest go first.
const MAX_IDS = 50

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    // A sandboxed frame or blocked storage throws on the mere access.
    return undefined
  }
}

function read(store: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function write(store: Storage, ids: string[]) {
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(ids.slice(-MAX_IDS)))
  } catch {
    // Full or blocked: the record is a hint, never a reason to fail.
  }
}

/**
 * This browser's record of passkeys (base64url WebAuthn credential ids) it registered or signed in
 * with. A hint only: it lives in `localStorage`, which the user may clear, and a synced passkey
 * (iCloud Keychain, Google Password Manager) may be on this device without this page having seen it.
 * Every function is a no-op where storage is missing or blocked and never throws.
 *
 * @example
 * ```ts
 * knownPasskeys.remember(assertion.credentialId)
 * if (knownPasskeys.available() && !knownPasskeys.has(id)) showOtherMethods()
 * ```
 */
export const knownPasskeys = {
  /** Whether the record can be read here at all (otherwise `has` is always `false`). */
  available(): boolean {
    const store = storage()
    if (!store) return false
    try {
      store.getItem(STORAGE_KEY)
      return true
    } catch {
      return false
    }
  },
  /** Whether `credentialId` was registered or used in this browser. */
  has(credentialId: string): boolean {
    const store = storage()
    return store ? read(store).includes(credentialId) : false
  },
  /** Records a credential id this browser registered or used successfully. */
  remember(credentialId: string): void {
    const store = storage()
    if (!store) return
    write(store, [...read(store).filter((id) => id !== credentialId), credentialId])
  },
  /** Forgets a credential id (its passkey was revoked). */
  forget(credentialId: string): void {
    const store = storage()
    if (!store) return
    const ids = read(store)
    if (ids.includes(credentialId))
      write(
        store,
        ids.filter((id) => id !== credentialId),
      )
  },
}
