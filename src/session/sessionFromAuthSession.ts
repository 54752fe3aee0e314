import { WalletAuthError } from '../errors.js'
import type { SessionMetadata } from '../keys/createKeyStore.js'
import type { SessionKey } from '../keys/sessionKey.js'
import type { CredentialType } from '../wire/authMethod.js'
import { AuthSession } from '../wire/authSession.js'
import { parseWire } from '../wire/parseWire.js'
import type { RecipientKey } from './generateRecipientKey.js'
import { openSealedSessionKey } from './openSealedSessionKey.js'

/** The credential a verify was made with. */
export interface VerifiedCredential {
  /** `AuthMethod:<uuid>`. */
  credentialId: string
  /** `InternalAccount:<uuid>`. */
  accountId: string
  type: CredentialType
}

/**
 * Turns a verify (or refresh) response and the key generated for it into what a key store saves.
 * Sealed-key mode: `pending` is the `RecipientKey` whose public key was `clientPublicKey`, and the
 * session key is opened from `encryptedSessionSigningKey`. Client-held mode and OTP: `pending` is
 * the `SessionKey` (the TEK) itself. The response is validated first.
 *
 * @example
 * ```ts
 * const { key, metadata } = await sessionFromAuthSession(await response.json(), tek, credential)
 * await keyStore.save(key, metadata)
 * ```
 */
export async function sessionFromAuthSession(
  response: unknown,
  pending: SessionKey | RecipientKey,
  credential: VerifiedCredential,
): Promise<{ key: SessionKey; metadata: SessionMetadata }> {
  const session = parseWire(AuthSession, response, 'AuthSession')
  const sealed = 'encryptedSessionSigningKey' in session ? session.encryptedSessionSigningKey : undefined
  const pendingIsRecipient = pending.keyPair.privateKey.algorithm.name === 'ECDH'
  if (typeof sealed === 'string' && !pendingIsRecipient) {
    throw new WalletAuthError(
      'INVALID_RESPONSE',
      'The service sealed a session key, but a client-held key was sent as clientPublicKey.',
    )
  }
  if (sealed === undefined && pendingIsRecipient) {
    throw new WalletAuthError(
      'INVALID_RESPONSE',
      'The service returned no sealed session key for a sealed-key sign-in.',
    )
  }
  const key =
    typeof sealed === 'string' ? await openSealedSessionKey(sealed, pending.keyPair) : (pending as SessionKey)
  const metadata: SessionMetadata = {
    accountId: (typeof session.accountId === 'string' && session.accountId) || credential.accountId,
    credentialId: credential.credentialId,
    type: credential.type,
    expiresAt: session.expiresAt,
  }
  if (typeof session.id === 'string') metadata.sessionId = session.id
  return { key, metadata }
}
