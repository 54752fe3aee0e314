import { type Harness, idToken } from '../sandbox/harness.js'

/** A fresh sandbox ID token for a Google identity, issued now by the sandbox clock. */
export function mintToken(h: Harness, claims: Record<string, unknown>): string {
  const now = Math.floor(h.sandbox.clock.now() / 1000)
  return idToken({ iss: 'https://accounts.google.com', iat: now, exp: now + 3600, ...claims })
}
