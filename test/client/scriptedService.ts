// A scripted stand-in for the service's routes that the client's newer flows call, written from its
// published contract: signed retries of one or more legs (each request id single-use, every leg
// stamped by an active session key), SCA at quote execution, the SCA code resend, the signed
// customer contact change and delegated keys. Every request is recorded as it arrived.
import { createWalletAuth, type WalletAuthOptions } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { WIRE_SAMPLES } from '../properties/wireSamples.js'

export interface Arrival {
  method: string
  path: string
  headers: Record<string, string>
  body: unknown
  status: number
}

const START = Date.parse('2026-11-21T10:00:00Z')
const ACCOUNT = 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002'
const CUSTOMER = 'Customer:019542f5-b3e7-1d02-0000-000000000009'
const QUOTE = 'Quote:019542f5-b3e7-1d02-0000-000000000006'
const SMS_CODE = '123456'

const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  Response.json({ status, code, message: code.toLowerCase().replaceAll('_', ' ') }, { status, headers })

/** The service, a client signed in to it, and what crossed the wire. */
export async function scriptedService(
  options: Partial<WalletAuthOptions> & {
    /** SCA steps the quote's execution needs (0: a customer outside SCA regions). Default 2. */
    scaSteps?: number
    /** Refusals the next authorizations get, in order, before the service answers normally. */
    authorizeRefusals?: Array<{ status: number; code: string; retryAfter?: number }>
    headerName?: string
  } = {},
) {
  const {
    scaSteps = 2,
    headerName = 'Service-Wallet-Signature',
    authorizeRefusals = [],
    ...clientOptions
  } = options
  let now = START
  const iso = (offsetMs = 0) => new Date(now + offsetMs).toISOString()
  const arrivals: Arrival[] = []
  const session = await generateSessionKey()
  const sessionKeys = new Set([session.publicKey])
  // Request id -> the payload it was issued for; deleted on first use.
  const pending = new Map<string, { payloadToSign: string; operation: string }>()
  let activity = 0

  /** Checks a signed leg; `undefined` when it is good, else the 401 to answer. */
  async function refusal(request: Request, operation: string) {
    const header = request.headers.get(headerName)
    const requestId = request.headers.get('Request-Id')
    if (!header) return error(401, 'WALLET_SIGNATURE_MISSING')
    if (!requestId) return error(401, 'REQUEST_ID_MISSING')
    const issued = pending.get(requestId)
    pending.delete(requestId)
    if (!issued || issued.operation !== operation) return error(401, 'WALLET_SIGNATURE_INVALID')
    const verdict = await verifyStamp(header, issued.payloadToSign).catch(() => undefined)
    if (!verdict?.valid || !sessionKeys.has(verdict.publicKey)) return error(401, 'WALLET_SIGNATURE_INVALID')
    return undefined
  }
  function challenge(operation: string, activityType: string, parameters: Record<string, unknown>) {
    const requestId = `Request:${crypto.randomUUID()}`
    activity++
    const payloadToSign = JSON.stringify({
      organizationId: 'org_1',
      parameters,
      timestampMs: String(now + activity),
      type: activityType,
    })
    pending.set(requestId, { payloadToSign, operation })
    return Response.json({ payloadToSign, requestId, expiresAt: iso(300_000) }, { status: 202 })
  }

  // As the contract's example shapes it: the wallet and an opaque transaction.
  const walletPayload =
    '{"organizationId":"org_1","parameters":{"signWith":"wallet_abc123","unsignedTransaction":"ea69b4bf","type":"TRANSACTION_TYPE_ETHEREUM"},"timestampMs":"1","type":"ACTIVITY_TYPE_SIGN_TRANSACTION_V2"}'
  const quote: Record<string, unknown> = {
    ...(WIRE_SAMPLES.Quote as Record<string, unknown>),
    id: QUOTE,
    status: 'PENDING',
    createdAt: iso(),
    expiresAt: iso(300_000),
    source: { sourceType: 'ACCOUNT', accountId: ACCOUNT },
    paymentInstructions: [
      { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: walletPayload } },
    ],
    transactionId: 'Transaction:019542f5-b3e7-1d02-0000-000000000005',
  }
  delete quote.scaChallenge
  let stepsLeft = 0
  let lastResend = Number.NEGATIVE_INFINITY
  const scaChallenge = (factor: string) => ({
    id: `ScaChallenge:${crypto.randomUUID()}`,
    expiresAt: iso(300_000),
    factor,
    availableFactors: ['SMS_OTP', 'PASSKEY'],
    purpose: stepsLeft === 2 ? 'CURRENCY_CONVERSION' : 'PAYOUT',
    // A payment's passkey step: options only, no allowed origins (the page's own origin is sent).
    ...(factor === 'PASSKEY'
      ? { passkeyAssertionOptions: { challenge: 'c2NhLXN0ZXA', rpId: 'wallet.example' } }
      : {}),
  })
  const customer = {
    id: CUSTOMER,
    customerType: 'BUSINESS',
    platformCustomerId: 'user-1',
    umaAddress: '$ada@uma.example',
    email: 'ada@example.com',
    phoneNumber: '+14155550123',
  }
  const delegatedKeys: Array<Record<string, unknown>> = []
  // Delegated-key creations in flight: the first leg's request id, then the second's.
  const creations = new Map<string, { leg: number; body: Record<string, unknown>; user: string }>()

  async function route(request: Request, body: Record<string, unknown> | undefined): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url)
    const path = decodeURIComponent(pathname).replace(/^\/api/, '')
    const signed = request.headers.has(headerName)
    switch (`${request.method} ${path}`) {
      case `GET /quotes/${QUOTE}`:
        return Response.json(quote)
      case `GET /customers/${CUSTOMER}`:
        return Response.json(customer)
      case `POST /quotes/${QUOTE}/execute`: {
        if (quote.status !== 'PENDING') return error(409, 'INVALID_STATE_TRANSITION')
        const header = request.headers.get(headerName)
        const verdict = header ? await verifyStamp(header, walletPayload).catch(() => undefined) : undefined
        if (!verdict?.valid || !sessionKeys.has(verdict.publicKey))
          return error(401, 'WALLET_SIGNATURE_INVALID')
        if (scaSteps === 0) {
          quote.status = 'PROCESSING'
          return Response.json(quote)
        }
        stepsLeft = scaSteps
        quote.status = 'PENDING_AUTHORIZATION'
        quote.scaChallenge = scaChallenge(typeof body?.scaFactor === 'string' ? body.scaFactor : 'SMS_OTP')
        return Response.json(quote)
      }
      case `POST /quotes/${QUOTE}/authorize`: {
        if (quote.status !== 'PENDING_AUTHORIZATION') return error(409, 'CONFLICT')
        const refusal = authorizeRefusals.shift()
        if (refusal) {
          const headers: Record<string, string> = {}
          if (refusal.retryAfter !== undefined) headers['Retry-After'] = String(refusal.retryAfter)
          return error(refusal.status, refusal.code, headers)
        }
        const factor = (quote.scaChallenge as { factor: string }).factor
        const good =
          factor === 'PASSKEY'
            ? typeof body?.passkeyAssertion === 'object' && typeof body?.origin === 'string'
            : body?.code === SMS_CODE
        if (!good) return error(400, 'INVALID_INPUT')
        stepsLeft--
        if (stepsLeft === 0) {
          quote.status = 'PROCESSING'
          delete quote.scaChallenge
        } else {
          quote.scaChallenge = scaChallenge(factor)
        }
        return Response.json(quote)
      }
      case `POST /quotes/${QUOTE}/authorize/resend`:
        if (quote.status !== 'PENDING_AUTHORIZATION') return error(409, 'CONFLICT')
        if (now - lastResend < 30_000) return error(429, 'RATE_LIMITED', { 'Retry-After': '30' })
        lastResend = now
        return new Response(null, { status: 204 })
      case `PATCH /customers/${CUSTOMER}`: {
        if ('email' in (body ?? {}) && 'phoneNumber' in (body ?? {})) return error(400, 'INVALID_INPUT')
        const change =
          body?.email === undefined ? { userPhoneNumber: body?.phoneNumber } : { userEmail: body.email }
        const activityType =
          body?.email === undefined
            ? 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'
            : 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'
        if (!signed) return challenge('customer', activityType, change)
        const refused = await refusal(request, 'customer')
        if (refused) return refused
        Object.assign(
          customer,
          body?.email === undefined ? { phoneNumber: body?.phoneNumber } : { email: body.email },
        )
        return Response.json(customer)
      }
      case 'POST /auth/delegated-keys': {
        if (!signed) {
          const publicKey = (await generateSessionKey()).publicKey
          const apiKeys = [{ apiKeyName: body?.nickname, curveType: 'API_KEY_CURVE_P256', publicKey }]
          const users = [{ userName: `signer-${activity}`, apiKeys }]
          const response = challenge('delegated-key', 'ACTIVITY_TYPE_CREATE_USERS_V3', { users })
          const { requestId } = await response.clone().json()
          creations.set(requestId, { leg: 1, body: body ?? {}, user: users[0]?.userName ?? '' })
          return response
        }
        const requestId = request.headers.get('Request-Id') ?? ''
        const creation = creations.get(requestId)
        creations.delete(requestId)
        const refused = await refusal(request, 'delegated-key')
        if (refused || !creation) return refused ?? error(401, 'WALLET_SIGNATURE_INVALID')
        if (creation.leg === 1) {
          const policy = {
            effect: 'EFFECT_ALLOW',
            consensus: `approvers.any(user, user.id == '${creation.user}')`,
          }
          const response = challenge('delegated-key', 'ACTIVITY_TYPE_CREATE_POLICIES', { policies: [policy] })
          const next = await response.clone().json()
          creations.set(next.requestId, { leg: 2, body: creation.body, user: creation.user })
          return response
        }
        const key = {
          id: `DelegatedKey:${crypto.randomUUID()}`,
          cardId: creation.body.cardId,
          fundingSourceId: 'CardFundingSource:019542f5-b3e7-1d02-0000-000000000011',
          accountId: creation.body.internalAccountId,
          publicKey: (await generateSessionKey()).publicKey,
          nickname: creation.body.nickname,
          status: 'ACTIVE',
          createdAt: iso(),
          updatedAt: iso(),
        }
        delegatedKeys.push(key)
        return Response.json(key, { status: 201 })
      }
      case 'GET /auth/delegated-keys': {
        const accountId = searchParams.get('accountId')
        return Response.json({ data: delegatedKeys.filter((key) => key.accountId === accountId) })
      }
    }
    const revoke = /^DELETE \/auth\/delegated-keys\/(.+)$/.exec(`${request.method} ${path}`)
    const key =
      revoke && delegatedKeys.find((candidate) => candidate.id === decodeURIComponent(revoke[1] ?? ''))
    if (key) {
      if (key.status !== 'ACTIVE') return error(400, 'INVALID_INPUT')
      key.status = 'REVOKED'
      return new Response(null, { status: 204 })
    }
    return error(404, 'REFERENCE_NOT_FOUND')
  }

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const text = await request.clone().text()
    const body = text ? JSON.parse(text) : undefined
    const response = await route(request, body)
    arrivals.push({
      method: request.method,
      path:
        decodeURIComponent(new URL(request.url).pathname).replace(/^\/api/, '') + new URL(request.url).search,
      headers: Object.fromEntries(request.headers),
      body,
      status: response.status,
    })
    return response
  }

  const keyStore = createKeyStore({ indexedDB: null, now: () => now })
  await (await keyStore).save(session, {
    sessionId: 'Session:019542f5-b3e7-1d02-0000-000000000031',
    accountId: ACCOUNT,
    credentialId: 'AuthMethod:019542f5-b3e7-1d02-0000-000000000001',
    type: 'EMAIL_OTP',
    expiresAt: iso(15 * 60_000),
    clockOffsetMs: 0,
  })
  const wallet = createWalletAuth({
    baseUrl: 'https://app.example/api',
    fetch,
    keyStore,
    now: () => now,
    ...(headerName === 'Service-Wallet-Signature' ? {} : { headerName }),
    ...clientOptions,
  })
  return {
    wallet,
    arrivals,
    session,
    quote,
    ids: { account: ACCOUNT, customer: CUSTOMER, quote: QUOTE },
    smsCode: SMS_CODE,
    advance: (ms: number) => {
      now += ms
    },
    /** Makes the service forget this page's session key (revoked elsewhere). */
    revokeSession: () => sessionKeys.delete(session.publicKey),
  }
}
