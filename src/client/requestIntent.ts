import type { ActivityExpectation, ParameterPattern } from '../intent/activityExpectation.js'
import type { Activity } from '../intent/readActivity.js'
import { RELAY_ACTIVITY_TYPES } from '../intent/relayActivityTypes.js'
import { isPlainObject } from '../wire/isPlainObject.js'

/** A signed request as the client sent it: what its payloads are held to. */
export interface IntentRequest {
  method: string
  /** The URL's path; only its end (the service's route) is read, so a relay's prefix is fine. */
  path: string
  /** The JSON body sent, if any. */
  body: unknown
  /** Which challenge of the request's flow: 0 for the first 202. */
  leg: number
  /** The activities of the legs signed before this one, in order. */
  signed?: readonly Activity[]
  /** The URL's query (`?customerId=…`), where the route names its customer there. */
  search?: string
  /** Lowercase hex SHA-256 of the exact body bytes sent (of none: of the empty string), when known. */
  bodySha256?: string
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** Routes of the service that answer a signed-retry 202, by method and the end of the path. */
const ROUTES: ReadonlyArray<{
  method: string
  pattern: RegExp
  expect: (
    id: string,
    body: Record<string, unknown>,
    leg: number,
    signed: readonly Activity[],
    request: IntentRequest,
  ) => ActivityExpectation[]
}> = [
  {
    method: 'POST',
    pattern: /\/internal-accounts\/([^/]+)\/export$/,
    expect: (_, body, leg) => {
      const targetPublicKey = text(body.clientPublicKey)
      if (leg > 0 || !targetPublicKey) return []
      return [{ type: 'ACTIVITY_TYPE_EXPORT_WALLET', parameters: { targetPublicKey } }]
    },
  },
  {
    // The wallet's settings: the service has the wallet sign an opaque raw payload, only here.
    method: 'PATCH',
    pattern: /\/internal-accounts\/([^/]+)$/,
    expect: (_, __, leg) => (leg > 0 ? [] : [{ type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' }]),
  },
  {
    method: 'POST',
    pattern: /\/auth\/credentials()$/,
    expect: (_, body, leg) => (leg > 0 ? [] : credentialAddition(body)),
  },
  {
    // The service names a passkey or OAuth credential by its id; an OTP one goes with its contact.
    method: 'DELETE',
    pattern: /\/auth\/credentials\/([^/]+)$/,
    expect: (id, _, leg) =>
      leg > 0
        ? []
        : [
            { type: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', parameters: { authenticatorIds: [id] } },
            { type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', parameters: { providerIds: [id] } },
            { type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: '' } },
            { type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER', parameters: { userPhoneNumber: '' } },
          ],
  },
  {
    method: 'DELETE',
    pattern: /\/auth\/sessions\/([^/]+)$/,
    expect: (id, _, leg) =>
      leg > 0 ? [] : [{ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', parameters: { apiKeyIds: [id] } }],
  },
  {
    method: 'POST',
    pattern: /\/auth\/sessions\/([^/]+)\/refresh$/,
    expect: (_, body, leg) => {
      const targetPublicKey = text(body.clientPublicKey)
      if (leg > 0 || !targetPublicKey) return []
      return [{ type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', parameters: { targetPublicKey } }]
    },
  },
  {
    // The relay's confirmation first (leg 0); then, where a wallet credential follows the contact,
    // the service's own (leg 0 without the relay's, leg 1 after it).
    method: 'PATCH',
    pattern: /\/customers\/([^/]+)$/,
    expect: (id, body, leg, signed, request) => {
      const email = text(body.email)
      const phoneNumber = text(body.phoneNumber)
      if ((email === undefined) === (phoneNumber === undefined)) return []
      const service: ActivityExpectation =
        email !== undefined
          ? { type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: email } }
          : {
              type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
              parameters: { userPhoneNumber: phoneNumber ?? '' },
            }
      const relayType =
        email !== undefined ? RELAY_ACTIVITY_TYPES.updateEmail : RELAY_ACTIVITY_TYPES.updatePhoneNumber
      if (leg === 0) {
        const relay: ActivityExpectation = {
          type: relayType,
          parameters: {
            ...(email !== undefined ? { userEmail: email } : { userPhoneNumber: phoneNumber ?? '' }),
            ...relayBinding(request, id, 'PATCH /customers/{customerId}'),
          },
        }
        return [relay, service]
      }
      return leg === 1 && signed[0]?.type === relayType ? [service] : []
    },
  },
  {
    // Binds where the factor is made: the secret and code, or the passkey's registration.
    method: 'POST',
    pattern: /\/sca\/factors\/confirm()$/,
    expect: (_, body, leg, __, request) => {
      const customerId = customerOf(request)
      const factorType = text(body.type)
      if (leg > 0 || !customerId || !factorType) return []
      const credentialId = isPlainObject(body.credential) ? text(body.credential.credentialId) : undefined
      return [
        {
          type: RELAY_ACTIVITY_TYPES.addScaFactor,
          parameters: {
            factorType,
            ...(credentialId === undefined ? {} : { credentialId }),
            ...relayBinding(request, customerId, 'POST /sca/factors/confirm'),
          },
        },
      ]
    },
  },
  {
    method: 'DELETE',
    pattern: /\/sca\/factors\/([^/]+)$/,
    expect: (id, _, leg, __, request) => {
      const customerId = customerOf(request)
      if (leg > 0 || !customerId) return []
      return [
        {
          type: RELAY_ACTIVITY_TYPES.removeScaFactor,
          parameters: {
            credentialId: id,
            ...relayBinding(request, customerId, 'DELETE /sca/factors/{scaCredentialId}'),
          },
        },
      ]
    },
  },
  {
    // The reset the path names, and the phone an SMS reset moves the codes to: named exactly when
    // the body names one, as the body's two parts together.
    method: 'POST',
    pattern: /\/sca\/factors\/reset\/([^/]+)\/complete$/,
    expect: (resetId, body, leg, __, request) => {
      const customerId = customerOf(request)
      if (leg > 0 || !customerId) return []
      let userPhoneNumber: ParameterPattern = (value: unknown) => value === undefined
      if (body.mobile !== undefined) {
        const mobile = isPlainObject(body.mobile) ? body.mobile : {}
        const countryCode = text(mobile.countryCode)
        const number = text(mobile.number)
        if (!countryCode || !number) return []
        userPhoneNumber = `${countryCode}${number}`
      }
      return [
        {
          type: RELAY_ACTIVITY_TYPES.resetScaFactor,
          parameters: {
            resetId,
            userPhoneNumber,
            ...relayBinding(request, customerId, 'POST /sca/factors/reset/{resetId}/complete'),
          },
        },
      ]
    },
  },
  {
    // The relay's confirmation of a beneficiary's trust: the account the path names. Its customer
    // is the account's owner, which the relay reads (the route names none; the relay checks the key
    // is that customer's), and the name is the service's record, shown to the person as unchecked.
    method: 'POST',
    pattern: /\/customers\/external-accounts\/([^/]+)\/trust\/confirm$/,
    expect: (externalAccountId, _, leg, __, request) =>
      leg > 0
        ? []
        : [
            {
              type: RELAY_ACTIVITY_TYPES.trustBeneficiary,
              parameters: {
                externalAccountId,
                beneficiaryName: (value: unknown) => value === undefined || isText(value),
                operation: 'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
                customerId: isText,
                bodySha256: request.bodySha256 ?? isText,
              },
            },
          ],
  },
  {
    method: 'POST',
    pattern: /\/auth\/delegated-keys()$/,
    expect: (_, body, leg, signed) => delegatedKeyLeg(body, leg, signed),
  },
]

const isText = (value: unknown) => typeof value === 'string' && value !== ''

/** The customer a route names in its query. */
function customerOf(request: IntentRequest): string | undefined {
  const value = new URLSearchParams(request.search ?? '').get('customerId')
  return value === null || value === '' ? undefined : value
}

/**
 * What every relay activity binds: the operation, the customer, and the body's digest (checked
 * when the caller knows it; the relay checks it against the retry's bytes either way).
 */
function relayBinding(request: IntentRequest, customerId: string, operation: string) {
  return { operation, customerId, bodySha256: request.bodySha256 ?? isText }
}

/**
 * A delegated key's two legs: the signer identity holding one P-256 key named as the request names
 * it, then one policy letting that same identity sign. The card and the account are bound where
 * the activity names them (the sandbox's do; the service's contract does not publish its
 * activities' parameters, and a payload the service did not issue is worthless to a backend).
 */
function delegatedKeyLeg(
  body: Record<string, unknown>,
  leg: number,
  signed: readonly Activity[],
): ActivityExpectation[] {
  const cardId = text(body.cardId)
  const internalAccountId = text(body.internalAccountId)
  const nickname = text(body.nickname)
  if (!cardId || !internalAccountId || !nickname) return []
  const bound = {
    cardId: (value: unknown) => value === undefined || value === cardId,
    internalAccountId: (value: unknown) => value === undefined || value === internalAccountId,
  }
  if (leg === 0) {
    const apiKey = { apiKeyName: nickname, curveType: 'API_KEY_CURVE_P256', publicKey: isText }
    return [
      {
        type: 'ACTIVITY_TYPE_CREATE_USERS_V3',
        parameters: { ...bound, users: [{ userName: isText, apiKeys: [apiKey] }] },
      },
    ]
  }
  const users = signed[0]?.parameters.users
  const userName = Array.isArray(users) && isPlainObject(users[0]) ? text(users[0].userName) : undefined
  if (leg > 1 || userName === undefined) return []
  // The policy's approver is the identity the first leg created, named in quotes in its consensus.
  const approves = (value: unknown) => typeof value === 'string' && value.includes(`'${userName}'`)
  return [
    {
      type: 'ACTIVITY_TYPE_CREATE_POLICIES',
      parameters: { ...bound, policies: [{ effect: 'EFFECT_ALLOW', consensus: approves }] },
    },
  ]
}

// An OTP credential takes the customer's contact, which its request does not name: only a call
// that knows the contact the user confirmed (`emailOtp.add`, `smsOtp.add`) may sign one.
function credentialAddition(body: Record<string, unknown>): ActivityExpectation[] {
  switch (body.type) {
    case 'OAUTH': {
      const oidcToken = text(body.oidcToken)
      if (!oidcToken) return []
      return [
        { type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', parameters: { oauthProviders: [{ oidcToken }] } },
      ]
    }
    case 'PASSKEY': {
      const credentialId = isPlainObject(body.attestation) ? text(body.attestation.credentialId) : undefined
      if (!credentialId) return []
      return [
        {
          type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
          parameters: { authenticators: [{ attestation: { credentialId } }] },
        },
      ]
    }
    default:
      return []
  }
}

/**
 * The activities a signed request of the service may have the session sign, read from the request
 * itself: the route's activity type(s) and the values the client put in it (the export's and the
 * refresh's key, the credential's id or token, the revoked id, the new email or phone), and the
 * relay's own confirmation of an SCA factor's enrolment, removal or reset, or of a contact change
 * (the customer, the factor, reset or contact, the body's digest). An empty
 * list means nothing may be signed: a route the kit does not know, a leg past the route's last, a
 * body that does not name what the route binds, or an OTP credential's addition (whose contact the
 * request does not name). A flow of several legs is held, leg by leg, to the legs `signed` before.
 *
 * @example
 * ```ts
 * requestIntent({ method: 'DELETE', path: '/api/wallet/auth/sessions/Session:1', body: undefined, leg: 0 })
 * // [{ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', parameters: { apiKeyIds: ['Session:1'] } }]
 * ```
 */
export function requestIntent(request: IntentRequest): ActivityExpectation[] {
  const method = request.method.toUpperCase()
  for (const route of ROUTES) {
    if (route.method !== method) continue
    const match = route.pattern.exec(request.path)
    if (!match) continue
    let id: string
    try {
      id = decodeURIComponent(match[1] ?? '')
    } catch {
      return []
    }
    const body = isPlainObject(request.body) ? request.body : {}
    return route.expect(id, body, request.leg, request.signed ?? [], request)
  }
  return []
}
