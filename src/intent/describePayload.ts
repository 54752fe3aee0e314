import { readJwtPayload } from '../crypto/readJwtPayload.js'
import { isPlainObject } from '../wire/isPlainObject.js'
import { RELAY_ACTIVITY_TYPES } from './relayActivityTypes.js'
import { visibleText } from './visibleText.js'

/** What a payload authorises, in a word a confirmation UI can branch on. */
export type PayloadAction =
  | 'export'
  | 'add-credential'
  | 'remove-credential'
  | 'change-contact'
  | 'trust-beneficiary'
  | 'new-session'
  | 'end-session'
  | 'sign-in'
  | 'delegate'
  | 'pay'
  | 'sign'
  | 'other'
  | 'unknown'

/** An amount in a currency's smallest unit (`decimals` places: 1 USDB is 1 000 000 at 6). */
export interface PaymentAmount {
  amount: number
  currency: string
  decimals: number
}

/** The terms of a payment, from the quote the client holds (`quotes.execute`). */
export interface PaymentTerms {
  sent: PaymentAmount
  received: PaymentAmount
  /** Fees included in `sent`, in the sending currency. */
  fees: PaymentAmount | undefined
  /** The receiver as the quote gives it: an UMA address or an account id. */
  destination: string
}

/** A plain account of a `payloadToSign`, for the user to confirm. */
export interface PayloadDescription {
  action: PayloadAction
  /**
   * In plain words, e.g. "Show the wallet's recovery phrase. Whoever sees it controls the wallet.", with
   * control and bidi characters shown as `<U+XXXX>` (`visibleText`), never obeyed.
   */
  summary: string
  /**
   * Text from the server that the kit could not check against what the user asked for (a
   * passkey's or policy's name, a provider's name), each as a phrase to show marked as unchecked.
   */
  unchecked?: string[]
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
  /** For `pay`: what is sent and received, the fees and the receiver. */
  payment?: PaymentTerms
}

const text = (value: unknown) => (typeof value === 'string' ? visibleText(value) : undefined)
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string').map(visibleText) : []
const named = (what: string, name: string | undefined) =>
  name === undefined ? {} : { unchecked: [`${what} "${name}"`] }
const first = (value: unknown) => (Array.isArray(value) && isPlainObject(value[0]) ? value[0] : {})
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
        // The key it is sealed to is in `key`: the kit signs an export only to a key it made itself.
        summary: "Show the wallet's recovery phrase. Whoever sees it controls the wallet.",
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
      // The token is bound; the provider's name is the server's word for its issuer.
      const provider = text(first(p.oauthProviders).providerName)
      return {
        action: 'add-credential',
        summary: 'Add sign-in with an identity provider.',
        ...named('the provider name', provider),
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2': {
      const authenticator = first(p.authenticators)
      const name = text(authenticator.authenticatorName)
      const credentialId = isPlainObject(authenticator.attestation)
        ? text(authenticator.attestation.credentialId)
        : undefined
      return {
        action: 'add-credential',
        summary: 'Add a passkey.',
        ...named('the passkey name', name),
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
      const apiKey = first(user.apiKeys)
      const key = text(apiKey.publicKey)
      return {
        action: 'delegate',
        summary: `Create a signer that acts for the wallet${key === undefined ? '' : ` with key ${short(key)}`}.`,
        ...(key === undefined ? {} : { key }),
        ...named('the key name', text(apiKey.apiKeyName)),
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_CREATE_POLICIES': {
      return {
        action: 'delegate',
        summary: 'Let a signer act for the wallet.',
        ...named('the policy name', text(first(p.policies).policyName)),
        ...on,
      }
    }
    case RELAY_ACTIVITY_TYPES.addScaFactor: {
      const credentialId = text(p.credentialId)
      const factor = p.factorType === 'PASSKEY' ? 'a passkey' : 'an authenticator app'
      return {
        action: 'add-credential',
        summary: `Add ${factor} to confirm payments.`,
        ...(credentialId === undefined ? {} : { ids: [credentialId] }),
        ...on,
      }
    }
    case RELAY_ACTIVITY_TYPES.removeScaFactor: {
      // The activity names the factor by its id alone: said in words, the id kept for support.
      const ids = texts([p.credentialId])
      return {
        action: 'remove-credential',
        summary: 'Remove one of the ways you approve payments.',
        ids,
        ...on,
      }
    }
    case RELAY_ACTIVITY_TYPES.resetScaFactor: {
      // A reset clears the lost way to approve payments; an SMS one sends the codes to a new phone.
      const contact = text(p.userPhoneNumber)
      return contact === undefined
        ? {
            action: 'remove-credential',
            summary:
              'Finish resetting a lost way to approve payments: it is removed, and a new one can be set up.',
            ...on,
          }
        : {
            action: 'change-contact',
            summary: `Finish resetting how you approve payments: the codes will go to ${contact}.`,
            contact,
            ...on,
          }
    }
    case RELAY_ACTIVITY_TYPES.trustBeneficiary: {
      // The account is checked against the request; its name is the service's, shown as unchecked.
      const ids = texts([p.externalAccountId])
      const name = text(p.beneficiaryName)
      const which = name === undefined ? `the saved payee ${listed(ids)}` : 'this saved payee'
      return {
        action: 'trust-beneficiary',
        summary: `Trust ${which}, so that payments to it no longer ask for a code.`,
        ids,
        ...named('the payee', name),
        ...on,
      }
    }
    case RELAY_ACTIVITY_TYPES.updateEmail:
    case RELAY_ACTIVITY_TYPES.updatePhoneNumber: {
      const email = type === RELAY_ACTIVITY_TYPES.updateEmail
      const contact = text(email ? p.userEmail : p.userPhoneNumber) ?? ''
      const what = email ? 'email address' : 'phone number'
      return {
        action: 'change-contact',
        summary: `Set the customer's ${what} to ${contact}.`,
        contact,
        ...on,
      }
    }
    case 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2':
      return { action: 'sign', summary: `Sign a payment from ${account ?? 'the wallet'}.`, ...on }
    case 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2':
      return { action: 'sign', summary: `Sign a change to ${account ?? 'the wallet'}.`, ...on }
    default:
      return { action: 'other', summary: `Authorise ${visibleText(type)}.`, ...on }
  }
}

function describeToken(payloadToSign: string): PayloadDescription | undefined {
  try {
    const claims = readJwtPayload(payloadToSign)
    if (!isPlainObject(claims)) return undefined
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
  if (!isPlainObject(value) || typeof value.type !== 'string' || !isPlainObject(value.parameters)) {
    return { action: 'unknown', summary: 'Sign a payload this page cannot read.' }
  }
  const organizationId = text(value.organizationId)
  return {
    type: visibleText(value.type),
    ...(organizationId === undefined ? {} : { organizationId }),
    ...describeActivity(value.type, value.parameters),
  }
}
