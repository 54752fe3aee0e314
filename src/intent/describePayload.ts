import { readJwtPayload } from '../crypto/readJwtPayload.js'
/** What a payload authorises, in a word a confirmation UI can branch on. */
export type PayloadAction =
  | 'export'
  | 'add-credential'
  | 'remove-credential'
  | 'change-contact'
  | 'new-session'
  | 'end-session'
  | 'sign-in'
  | 'delegate'
  | 'sign'
  | 'other'
  | 'unknown'

/** A plain account of a `payloadToSign`, for the user to confirm. */
export interface PayloadDescription {
  action: PayloadAction
  /** One sentence, e.g. "Export the wallet's recovery phrase, encrypted to key 04ab12cd…9f3e." */
  summary: string
  /** `ACTIVITY_TYPE_…`, when the payload is an activity. */
  type?: string
  organizationId?: string
  /** The wallet, user or signing address acted on. */
  account?: string
  /** The key the action hands something to (export target, new session, delegated signer). */
  key?: string
  /** The email or phone number set (empty when one is removed). */
  contact?: string
  /** The credentials, sessions or providers named (removals), or the passkey added. */
  ids?: string[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [])
const first = (value: unknown) => (Array.isArray(value) && isRecord(value[0]) ? value[0] : {})
const short = (key: string) => (key.length > 16 ? `${key.slice(0, 8)}…${key.slice(-4)}` : key)
const listed = (ids: string[]) => (ids.length === 0 ? 'none' : ids.join(', '))

function describeActivity(type: string, p: Record<string, unknown>): Omit<PayloadDescription, 'type'> {
  const account = text(p.walletId) ?? text(p.userId) ?? text(p.signWith)
  const on = account === undefined ? {} : { account }
  switch (type) {
    case 'ACTIVITY_TYPE_EXPORT_WALLET': {
      const key = text(p.targetPublicKey) ?? ''
      return {
        action: 'export',
        summary: `Export the wallet's recovery phrase, encrypted to key ${short(key)}.`,
        key,
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2': {
      const key = text(p.targetPublicKey) ?? ''
      return { action: 'new-session', summary: `Open a new session for key ${short(key)}.`, key, ...on }
    }
    case 'ACTIVITY_TYPE_DELETE_API_KEYS': {
      const ids = texts(p.apiKeyIds)
      return { action: 'end-session', summary: `End the session(s) ${listed(ids)}.`, ids, ...on }
    }
    case 'ACTIVITY_TYPE_UPDATE_USER_EMAIL':
    case 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER': {
      const email = type === 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'
      const contact = text(email ? p.userEmail : p.userPhoneNumber) ?? ''
      const what = email ? 'email address' : 'phone number'
      return {
        action: 'change-contact',
        summary: contact === '' ? `Remove the sign-in ${what}.` : `Set the sign-in ${what} to ${contact}.`,
        contact,
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS': {
      const provider = text(first(p.oauthProviders).providerName) ?? 'an identity provider'
      return { action: 'add-credential', summary: `Add sign-in with ${provider}.`, ...on }
    }
    case 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2': {
      const authenticator = first(p.authenticators)
      const name = text(authenticator.authenticatorName)
      const credentialId = isRecord(authenticator.attestation)
        ? text(authenticator.attestation.credentialId)
        : undefined
      return {
        action: 'add-credential',
        summary: `Add the passkey ${name === undefined ? '' : `"${name}"`}`.trimEnd().concat('.'),
        ...(credentialId === undefined ? {} : { ids: [credentialId] }),
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS':
    case 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS': {
      const passkeys = type === 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS'
      const ids = texts(passkeys ? p.authenticatorIds : p.providerIds)
      const what = passkeys ? 'passkey(s)' : 'identity provider sign-in(s)'
      return { action: 'remove-credential', summary: `Remove the ${what} ${listed(ids)}.`, ids, ...on }
    }
    case 'ACTIVITY_TYPE_CREATE_USERS_V3': {
      const user = first(p.users)
      const key = text(first(user.apiKeys).publicKey)
      return {
        action: 'delegate',
        summary: `Create a signer that acts for the wallet${key === undefined ? '' : ` with key ${short(key)}`}.`,
        ...(key === undefined ? {} : { key }),
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_CREATE_POLICIES': {
      const name = text(first(p.policies).policyName)
      return {
        action: 'delegate',
        summary: `Let a signer act for the wallet${name === undefined ? '' : ` (${name})`}.`,
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2':
      return { action: 'sign', summary: `Sign a payment from ${account ?? 'the wallet'}.`, ...on }
    case 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2':
      return { action: 'sign', summary: `Sign a change to ${account ?? 'the wallet'}.`, ...on }
    default:
      return { action: 'other', summary: `Authorise ${type}.`, ...on }
  }
}

function describeToken(payloadToSign: string): PayloadDescription | undefined {
  try {
    const claims = readJwtPayload(payloadToSign)
    if (!isRecord(claims)) return undefined
    const key = text(claims.publicKey) ?? text(claims.public_key)
    if (key === undefined) return undefined
    return {
      action: 'sign-in',
      summary: `Finish signing in with a one-time code, for key ${short(key)}.`,
      key,
    }
  } catch {
    return undefined
  }
}

/**
 * A plain description of what signing `payloadToSign` authorises (what, which account, which key
 * or contact), for a confirmation UI. No dependencies, never throws: a payload it cannot read is
 * described as `unknown`. It describes; it does not check (see `checkPayload`).
 *
 * @example
 * ```ts
 * const { action, summary } = describePayload(challenge.payloadToSign)
 * if (action === 'export' && !window.confirm(summary)) return
 * ```
 */
export function describePayload(payloadToSign: string): PayloadDescription {
  let value: unknown
  try {
    value = JSON.parse(payloadToSign)
  } catch {
    return (
      describeToken(payloadToSign) ?? { action: 'unknown', summary: 'Sign a payload this page cannot read.' }
    )
  }
  if (!isRecord(value) || typeof value.type !== 'string' || !isRecord(value.parameters)) {
    return { action: 'unknown', summary: 'Sign a payload this page cannot read.' }
  }
  const organizationId = text(value.organizationId)
  return {
    type: value.type,
    ...(organizationId === undefined ? {} : { organizationId }),
    ...describeActivity(value.type, value.parameters),
  }
}
