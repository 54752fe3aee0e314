import { WalletAuthError } from '../errors.js'
import type { SessionMetadata } from '../keys/createKeyStore.js'
import type { SessionKey } from '../keys/sessionKey.js'
import type { CredentialType } from '../wire/authMethod.js'
import { AuthSession } from '../wire/authSession.js'
import { parseWire } from '../wire/parseWire.js'
import type { RecipientKey } from './generateRecipientKey.js'
import { openSealedSessionKey } from './openSealedSessionKey.js'
import { serviceClockOffset } from './serviceClockOffset.js'

/** The credential a verify was made with. */
export interface VerifiedCredential {
  /** `AuthMethod:<uuid>`. */
  credentialId: string
  /** `InternalAccount:<uuid>`. */
  accountId: string
  type: CredentialType
}

/** Options of `sessionFromAuthSession`. */
export interface SessionFromAuthSessionOptions {
  /** The verify (or refresh) response body, validated here. */
  response: unknown
  /**
   * The key generated for this sign-in: the `RecipientKey` whose public key was `clientPublicKey`
   * (sealed-key mode), or the `SessionKey` itself (client-held mode and OTP, where it is the TEK).
   */
  pendingKey: SessionKey | RecipientKey
  /** The credential the verify was made with. */
  credential: VerifiedCredential
  /**
   * This device's clock (ms) when the response arrived: with it, `clockOffsetMs` (the service's
   * clock minus this device's) is measured from the response, so expiry is judged on the
   * service's time.
   */
  receivedAt?: number
  /** The response's `Date` header, the fallback when the body carries no `createdAt`. */
  date?: string | null
}

/**
 * Turns a verify (or refresh) response and the key generated for it into what a key store saves.
 * Sealed-key mode opens `encryptedSessionSigningKey` with the recipient key; the other modes keep
 * the pending session key. A response that does not match the mode is `INVALID_RESPONSE`. Given
 * `receivedAt`, the metadata carries `clockOffsetMs` measured from the response.
 *
 * @example
 * ```ts
 * const { key, metadata } = await sessionFromAuthSession({ response: await res.json(), pendingKey: tek, credential })
 * await keyStore.save(key, metadata)
 * ```
 */
export async function sessionFromAuthSession(
  options: SessionFromAuthSessionOptions,
): Promise<{ key: SessionKey; metadata: SessionMetadata }> {
  const { pendingKey, credential } = options
  const session = parseWire(AuthSession, options.response, 'AuthSession')
  const sealed = 'encryptedSessionSigningKey' in session ? session.encryptedSessionSigningKey : undefined
  const pendingIsRecipient = pendingKey?.keyPair?.privateKey?.algorithm.name === 'ECDH'
  if (typeof sealed === 'string' && !pendingIsRecipient) {
    throw new WalletAuthError(
      'INVALID_RESPONSE',
      'The service sealed a session key, but a client-held key was sent as clientPublicKey.',
    )
  }
  // Absent or not a string (e.g. null): never fall back to the ECDH recipient key as a session key.
  if (typeof sealed !== 'string' && pendingIsRecipient) {
    throw new WalletAuthError(
      'INVALID_RESPONSE',
      'The service returned no sealed session key for a sealed-key sign-in.',
    )
  }
  const key =
    typeof sealed === 'string'
      ? await openSealedSessionKey(sealed, pendingKey.keyPair)
      : (pendingKey as SessionKey)
  const metadata: SessionMetadata = {
    accountId: (typeof session.accountId === 'string' && session.accountId) || credential.accountId,
    credentialId: credential.credentialId,
    type: credential.type,
    expiresAt: session.expiresAt,
  }
  if (typeof session.id === 'string') metadata.sessionId = session.id
  if (options.receivedAt !== undefined) {
    const offset = serviceClockOffset({
      response: session,
      receivedAt: options.receivedAt,
      date: options.date,
    })
    if (offset !== undefined) metadata.clockOffsetMs = offset
  }
  return { key, metadata }
}
