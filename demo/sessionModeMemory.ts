import type { SessionMode } from './demoApp.js'

// The kit's stored session does not say which mode made it, so the page remembers it per key
// (public, harmless to keep) to show it after a reload.
const KEY_PREFIX = 'embedded-wallet-auth-demo:mode:'

/** Remembers the mode a session key came from. */
export function rememberSessionMode(publicKey: string, mode: SessionMode): void {
  localStorage.setItem(`${KEY_PREFIX}${publicKey}`, mode)
}

/** The mode a session key came from, if this page made it. */
export function recalledSessionMode(publicKey: string): SessionMode | undefined {
  const mode = localStorage.getItem(`${KEY_PREFIX}${publicKey}`)
  return mode === 'client-held' || mode === 'sealed' ? mode : undefined
}

/** Forgets every remembered mode (at sign-out). */
export function forgetSessionModes(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(KEY_PREFIX)) localStorage.removeItem(key)
}
