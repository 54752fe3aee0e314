import { ECDH } from 'node:crypto'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { iso, newId, type SandboxContext } from './context.js'
import { invalidInput } from './sandboxError.js'
import type { CredentialRecord, SessionRecord } from './store.js'
import { sessionView } from './views.js'

/** Active sessions of an account at the sandbox's now. */
export function activeSessions(ctx: SandboxContext, accountId: string): SessionRecord[] {
  const now = ctx.clock.now()
  return ctx.store.sessions
    .where('account', accountId)
    .filter((session) => !session.revoked && session.expiresAt > now)
}

/**
 * Checks a `clientPublicKey` and says which session-key mode it asks for (wire-formats section 2):
 * compressed is a client-held key, uncompressed asks for a sealed one. Anything else is 400.
 */
export function keyMode(clientPublicKey: string): 'client-held' | 'sealed' {
  try {
    const bytes = hexToBytes(clientPublicKey)
    // SEC1 compressed or uncompressed only (not the hybrid 06/07 form OpenSSL would also take).
    if (
      !(bytes.length === 33 && (bytes[0] === 2 || bytes[0] === 3)) &&
      !(bytes.length === 65 && bytes[0] === 4)
    )
      throw new TypeError('not a SEC1 P-256 key')
    // OpenSSL checks the point is on the curve, natively: decompressing in JavaScript took longer.
    ECDH.convertKey(bytes, 'prime256v1')
    return bytes.length === 33 ? 'client-held' : 'sealed'
  } catch {
    throw invalidInput('clientPublicKey must be a P-256 public key in compressed or uncompressed hex.')
  }
}

function createSession(ctx: SandboxContext, credential: CredentialRecord, publicKey: string): SessionRecord {
  const now = ctx.clock.now()
  const session: SessionRecord = {
    id: newId('Session'),
    accountId: credential.accountId,
    credentialId: credential.id,
    type: credential.type,
    nickname: credential.nickname,
    publicKey: publicKey.toLowerCase(),
    createdAt: iso(now),
    updatedAt: iso(now),
    expiresAt: now + ctx.config.sessionLifetimeMs,
    revoked: false,
  }
  ctx.store.sessions.set(session.id, session)
  return session
}

/**
 * Opens a session for `credential` in the mode `clientPublicKey` asks for, and returns the
 * AuthSession body: the session itself for a client-held key, the sealed key for the other mode.
 * `mode` is what `keyMode(clientPublicKey)` returned, when the caller checked the key already
 * (decompressing a point to check it costs more than the rest of opening a session).
 */
export async function openSession(
  ctx: SandboxContext,
  credential: CredentialRecord,
  clientPublicKey: string,
  mode: 'client-held' | 'sealed' = keyMode(clientPublicKey),
): Promise<{ session: SessionRecord; body: Record<string, unknown> }> {
  if (mode === 'client-held') {
    const session = createSession(ctx, credential, clientPublicKey)
    return { session, body: sessionView(session) }
  }
  const { encryptedSessionSigningKey, publicKey } = await ctx.enclave.sealSessionKey(
    clientPublicKey.toLowerCase(),
  )
  const session = createSession(ctx, credential, publicKey)
  return { session, body: { encryptedSessionSigningKey, ...sessionView(session) } }
}
