import { iso } from './context.js'
import type { CredentialRecord, CustomerRecord, InternalAccountRecord, SessionRecord } from './store.js'

/** A credential as the API shows it (AuthMethod). */
export function authMethodView(credential: CredentialRecord): Record<string, unknown> {
  return {
    id: credential.id,
    accountId: credential.accountId,
    type: credential.type,
    nickname: credential.nickname,
    ...(credential.passkey ? { credentialId: credential.passkey.credentialId } : {}),
    createdAt: credential.createdAt,
    updatedAt: credential.updatedAt,
  }
}

/** A session as the API shows it (AuthSession, client-held case). */
export function sessionView(session: SessionRecord): Record<string, unknown> {
  return {
    id: session.id,
    accountId: session.accountId,
    type: session.type,
    nickname: session.nickname,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: iso(session.expiresAt),
  }
}

/** A customer as the API shows it. */
export function customerView(customer: CustomerRecord): Record<string, unknown> {
  const { fields, ...rest } = customer
  return { ...fields, ...rest }
}

/** An internal account as the API shows it (never its mnemonic). */
export function accountView(account: InternalAccountRecord): Record<string, unknown> {
  const { mnemonic: _secret, settings, ...rest } = account
  return { ...settings, ...rest }
}
