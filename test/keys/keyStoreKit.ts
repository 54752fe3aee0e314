// Test-only: what the key store tests share.
import type { SessionMetadata } from '../../src/keys/index.js'

/** The kit's object store; tests reach into it only to change records behind the kit's back. */
export const STORE_NAME = 'session-keys'

/** A session's metadata, unique ids, alive for an hour. */
export function sessionMetadata(): SessionMetadata {
  return {
    sessionId: `Session:${crypto.randomUUID()}`,
    accountId: `InternalAccount:${crypto.randomUUID()}`,
    credentialId: 'credential-1',
    type: 'EMAIL_OTP',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  }
}
