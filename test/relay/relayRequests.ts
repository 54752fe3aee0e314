// One well-formed request per relay operation, and a relay in front of a small fake service that
// records what reaches it and answers the ownership lookups from a world the test describes.

import { CONFIRMED_OPERATIONS } from '../../src/relay/confirmedOperations.js'
import {
  createRelay,
  RELAY_OPERATIONS,
  type RelayOperation,
  type RelayOptions,
} from '../../src/relay/index.js'

/** The ids one party's requests name. */
export interface PartyIds {
  customerId: string
  accountId: string
  credentialId: string
  sessionId: string
  quoteId: string
  transactionId: string
  delegatedKeyId: string
  cardId: string
  externalAccountId: string
}

export const COMPRESSED_KEY = `02${'11'.repeat(32)}`
export const UNCOMPRESSED_KEY = `04${'22'.repeat(64)}`

/** JSON request options. */
export function json(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  }
}

/** The operations that name no one (no id of any party): the hook alone judges them. */
export const PARTYLESS_REQUESTS = {
  'GET /exchange-rates': [
    '/exchange-rates?sourceCurrency=USD&sendingAmount=2500&destinationCurrency=EUR&destinationCurrency=INR',
    { method: 'GET' },
  ],
} satisfies Partial<Record<RelayOperation, [string, RequestInit]>>

/** A well-formed request of every operation against `of`'s ids: `[path with query, init]`. */
export function validRequests(
  of: PartyIds,
  umaAddress = '$success.usd@sandbox.example',
): Record<RelayOperation, [string, RequestInit]> {
  const {
    customerId,
    accountId,
    credentialId,
    sessionId,
    quoteId,
    transactionId,
    delegatedKeyId,
    cardId,
    externalAccountId,
  } = of
  return {
    'POST /auth/credentials': ['/auth/credentials', json('POST', { type: 'SMS_OTP', accountId })],
    'GET /auth/credentials': [`/auth/credentials?accountId=${accountId}`, { method: 'GET' }],
    'DELETE /auth/credentials/{credentialId}': [`/auth/credentials/${credentialId}`, { method: 'DELETE' }],
    'POST /auth/credentials/{credentialId}/challenge': [
      `/auth/credentials/${credentialId}/challenge`,
      { method: 'POST' },
    ],
    'POST /auth/credentials/{credentialId}/verify': [
      `/auth/credentials/${credentialId}/verify`,
      json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle: '{}' }),
    ],
    'GET /auth/sessions': [`/auth/sessions?accountId=${accountId}`, { method: 'GET' }],
    'DELETE /auth/sessions/{sessionId}': [`/auth/sessions/${sessionId}`, { method: 'DELETE' }],
    'POST /auth/sessions/{sessionId}/refresh': [
      `/auth/sessions/${sessionId}/refresh`,
      json('POST', { clientPublicKey: COMPRESSED_KEY }),
    ],
    'POST /auth/delegated-keys': [
      '/auth/delegated-keys',
      json('POST', { cardId, internalAccountId: accountId, nickname: 'Card payments' }),
    ],
    'GET /auth/delegated-keys': [`/auth/delegated-keys?accountId=${accountId}`, { method: 'GET' }],
    'GET /auth/delegated-keys/{delegatedKeyId}': [
      `/auth/delegated-keys/${delegatedKeyId}`,
      { method: 'GET' },
    ],
    'DELETE /auth/delegated-keys/{delegatedKeyId}': [
      `/auth/delegated-keys/${delegatedKeyId}`,
      { method: 'DELETE' },
    ],
    'GET /customers/{customerId}': [`/customers/${customerId}`, { method: 'GET' }],
    'PATCH /customers/{customerId}': [
      `/customers/${customerId}`,
      json('PATCH', { customerType: 'INDIVIDUAL', email: 'new-address@example.com' }),
    ],
    'GET /customers/internal-accounts': [
      `/customers/internal-accounts?customerId=${customerId}&type=EMBEDDED_WALLET`,
      { method: 'GET' },
    ],
    'PATCH /internal-accounts/{accountId}': [
      `/internal-accounts/${accountId}`,
      json('PATCH', { privateEnabled: true }),
    ],
    'POST /internal-accounts/{accountId}/export': [
      `/internal-accounts/${accountId}/export`,
      json('POST', { clientPublicKey: UNCOMPRESSED_KEY }),
    ],
    'POST /quotes': [
      '/quotes',
      json('POST', {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      }),
    ],
    'GET /quotes/{quoteId}': [`/quotes/${quoteId}`, { method: 'GET' }],
    'POST /quotes/{quoteId}/execute': [`/quotes/${quoteId}/execute`, json('POST', {})],
    'POST /quotes/{quoteId}/authorize': [`/quotes/${quoteId}/authorize`, json('POST', { code: '123456' })],
    'POST /quotes/{quoteId}/authorize/resend': [`/quotes/${quoteId}/authorize/resend`, { method: 'POST' }],
    'GET /transactions': [
      `/transactions?customerId=${customerId}&type=OUTGOING&limit=10&sortOrder=asc`,
      { method: 'GET' },
    ],
    'GET /transactions/{transactionId}': [`/transactions/${transactionId}`, { method: 'GET' }],
    'POST /transactions/{transactionId}/approve': [
      `/transactions/${transactionId}/approve`,
      json('POST', {}),
    ],
    'POST /transactions/{transactionId}/reject': [
      `/transactions/${transactionId}/reject`,
      json('POST', { reason: 'RESTRICTED_JURISDICTION' }),
    ],
    'GET /receiver/uma/{receiverUmaAddress}': [
      `/receiver/uma/${encodeURIComponent(umaAddress)}?customerId=${customerId}`,
      { method: 'GET' },
    ],
    'GET /receiver/external-account/{externalAccountId}': [
      `/receiver/external-account/${externalAccountId}?customerId=${customerId}`,
      { method: 'GET' },
    ],
    ...PARTYLESS_REQUESTS,
    ...scaRequests(customerId, externalAccountId),
  }
}

/**
 * A well-formed request of each SCA and contact-verification operation for `customerId`, and of
 * each beneficiary trust operation for `externalAccountId`.
 */
function scaRequests(customerId: string, externalAccountId: string) {
  const query = `?customerId=${customerId}`
  const ip = '203.0.113.42'
  return {
    'POST /customers/{customerId}/verify-email': [
      `/customers/${customerId}/verify-email`,
      { method: 'POST' },
    ],
    'POST /customers/{customerId}/verify-email/confirm': [
      `/customers/${customerId}/verify-email/confirm`,
      json('POST', { code: '123456' }),
    ],
    'POST /customers/{customerId}/verify-phone': [
      `/customers/${customerId}/verify-phone`,
      { method: 'POST' },
    ],
    'POST /customers/{customerId}/verify-phone/confirm': [
      `/customers/${customerId}/verify-phone/confirm`,
      json('POST', { code: '123456' }),
    ],
    'GET /sca/factors': [`/sca/factors${query}`, { method: 'GET' }],
    'POST /sca/factors': [`/sca/factors${query}`, json('POST', { type: 'PASSKEY' })],
    'POST /sca/factors/confirm': [
      `/sca/factors/confirm${query}`,
      json('POST', { type: 'PASSKEY', origin: 'https://app.test', credential: { id: 'abc' } }),
    ],
    'DELETE /sca/factors/{scaCredentialId}': [`/sca/factors/cred1${query}`, { method: 'DELETE' }],
    'POST /sca/factors/reset': [`/sca/factors/reset${query}`, json('POST', { factor: 'SMS_OTP' })],
    'GET /sca/factors/reset/{resetId}': [`/sca/factors/reset/ScaReset:1${query}`, { method: 'GET' }],
    'POST /sca/factors/reset/{resetId}/complete': [
      `/sca/factors/reset/ScaReset:1/complete${query}`,
      json('POST', { mobile: { countryCode: '+33', number: '612345678' } }),
    ],
    'POST /sca/login/start': [`/sca/login/start${query}`, json('POST', { factor: 'SMS_OTP' })],
    'POST /sca/login/complete': [
      `/sca/login/complete${query}`,
      json('POST', { factor: 'SMS_OTP', endUserIpAddress: ip, challengeId: 'c1', code: '123456' }),
    ],
    'POST /customers/external-accounts/{externalAccountId}/trust': [
      `/customers/external-accounts/${externalAccountId}/trust`,
      { method: 'POST' },
    ],
    'POST /customers/external-accounts/{externalAccountId}/trust/confirm': [
      `/customers/external-accounts/${externalAccountId}/trust/confirm`,
      json('POST', { challengeId: 'c1', code: '123456' }),
    ],
    'POST /customers/external-accounts/{externalAccountId}/untrust': [
      `/customers/external-accounts/${externalAccountId}/untrust`,
      { method: 'POST' },
    ],
    'POST /customers/external-accounts/{externalAccountId}/untrust/confirm': [
      `/customers/external-accounts/${externalAccountId}/untrust/confirm`,
      json('POST', { challengeId: 'c1', code: '123456' }),
    ],
  } satisfies Partial<Record<RelayOperation, [string, RequestInit]>>
}

/**
 * Every operation's request that names a party (all but `PARTYLESS_REQUESTS`), in
 * `RELAY_OPERATIONS` order, named by its operation; with `partyless`, those too.
 */
export function everyRequest(
  of: PartyIds,
  umaAddress?: string,
  { partyless = false } = {},
): [RelayOperation, string, RequestInit][] {
  const table = validRequests(of, umaAddress)
  return RELAY_OPERATIONS.filter(
    (operation) => partyless || !Object.hasOwn(PARTYLESS_REQUESTS, operation),
  ).map((operation) => [operation, ...table[operation]])
}

/** Ids of the form the service uses, distinct per `n`. */
export function partyIds(n: number): PartyIds {
  const uuid = (kind: number) => `00000000-0000-4000-8000-${String(n * 100 + kind).padStart(12, '0')}`
  return {
    customerId: `Customer:${uuid(1)}`,
    accountId: `InternalAccount:${uuid(2)}`,
    credentialId: `AuthMethod:${uuid(3)}`,
    sessionId: `Session:${uuid(4)}`,
    quoteId: `Quote:${uuid(5)}`,
    transactionId: `Transaction:${uuid(6)}`,
    delegatedKeyId: `DelegatedKey:${uuid(7)}`,
    cardId: `Card:${uuid(8)}`,
    externalAccountId: `ExternalAccount:${uuid(9)}`,
  }
}

/** What the fake service knows, for the relay's ownership lookups. */
export interface FakeWorld {
  /** Customer id -> its internal account ids. */
  accounts?: Record<string, string[]>
  /** Account id -> credential ids. */
  credentials?: Record<string, string[]>
  /** Account id -> active session ids. */
  sessions?: Record<string, string[]>
  /** Account id -> delegated key ids. */
  delegatedKeys?: Record<string, string[]>
  /** Card id -> the card as the service shows it. */
  cards?: Record<string, Record<string, unknown>>
  /** Quote id -> the quote as the service shows it. */
  quotes?: Record<string, Record<string, unknown>>
  /** Transaction id -> the transaction as the service shows it. */
  transactions?: Record<string, Record<string, unknown>>
  /** External account id -> the account as the service shows it. */
  externalAccounts?: Record<string, Record<string, unknown>>
  /** Page size of the account list (the service pages it); default: everything in one page. */
  accountPageSize?: number
}

/** The world where each party owns its own ids, with a quote and a transaction from its account. */
export function worldOf(...parties: PartyIds[]): FakeWorld {
  const world: Required<Omit<FakeWorld, 'accountPageSize'>> = {
    accounts: {},
    credentials: {},
    sessions: {},
    delegatedKeys: {},
    cards: {},
    quotes: {},
    transactions: {},
    externalAccounts: {},
  }
  for (const p of parties) {
    world.externalAccounts[p.externalAccountId] = {
      id: p.externalAccountId,
      customerId: p.customerId,
      currency: 'EUR',
    }
    world.accounts[p.customerId] = [p.accountId]
    world.credentials[p.accountId] = [p.credentialId]
    world.sessions[p.accountId] = [p.sessionId]
    world.delegatedKeys[p.accountId] = [p.delegatedKeyId]
    world.cards[p.cardId] = { id: p.cardId, cardholderId: p.customerId, fundingSources: [p.accountId] }
    world.quotes[p.quoteId] = {
      id: p.quoteId,
      source: { sourceType: 'ACCOUNT', accountId: p.accountId },
      transactionId: p.transactionId,
    }
    world.transactions[p.transactionId] = {
      id: p.transactionId,
      type: 'OUTGOING',
      customerId: p.customerId,
      source: { sourceType: 'ACCOUNT', accountId: p.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example' },
    }
  }
  return world
}

const BASE = 'https://service.test/2025-10-13'

function lookup(world: FakeWorld, url: URL): Response | undefined {
  const path = url.pathname.slice(new URL(BASE).pathname.length)
  const accountId = url.searchParams.get('accountId') ?? ''
  const list = (data: string[]) => Response.json({ data: data.map((id) => ({ id, accountId })) })
  const byId = (table: Record<string, unknown> | undefined, id: string) =>
    table && Object.hasOwn(table, id)
      ? Response.json(table[id])
      : Response.json({ status: 404, code: 'REFERENCE_NOT_FOUND', message: 'Not found.' }, { status: 404 })
  if (path === '/customers/internal-accounts') {
    const all = world.accounts?.[url.searchParams.get('customerId') ?? ''] ?? []
    const size = world.accountPageSize ?? all.length
    const start = Number(url.searchParams.get('cursor') ?? 0)
    const page = all.slice(start, start + size)
    const hasMore = start + size < all.length
    return Response.json({
      data: page.map((id) => ({ id })),
      hasMore,
      ...(hasMore ? { nextCursor: String(start + size) } : {}),
    })
  }
  if (path === '/auth/credentials') return list(world.credentials?.[accountId] ?? [])
  if (path === '/auth/sessions') return list(world.sessions?.[accountId] ?? [])
  if (path === '/auth/delegated-keys') return list(world.delegatedKeys?.[accountId] ?? [])
  const [, kind, id = ''] = path.split('/')
  if (kind === 'cards') return byId(world.cards, id)
  if (kind === 'quotes') return byId(world.quotes, id)
  if (kind === 'transactions') return byId(world.transactions, id)
  const externalAccount = /^\/customers\/external-accounts\/([^/]+)$/.exec(path)?.[1]
  if (externalAccount !== undefined) return byId(world.externalAccounts, externalAccount)
  return undefined
}

/**
 * A relay in front of a fake service. What the relay reads while its hook runs (the ownership
 * lookups) is answered from `world` and listed in `lookups`; every forwarded request is recorded
 * in `seen` and answered by `answer()`. Requests are expected one at a time.
 */
export function fakeService(
  answer: (request: Request) => Response | Promise<Response> = () => Response.json({ ok: true }),
  options: Partial<RelayOptions> & { world?: FakeWorld } = {},
) {
  const { world = {}, authorize = () => true, ...relayOptions } = options
  const seen: Request[] = []
  const lookups: string[] = []
  let inHook = false
  const relay = createRelay({
    baseUrl: BASE,
    clientId: 'client',
    clientSecret: 'secret-value',
    onError: () => {},
    // These relays test routing, checks and lookups; the customer's confirmation of the confirmed
    // operations is tested against the sandbox (relayConfirmations.test.ts).
    unsafeUnconfirmedOperations: CONFIRMED_OPERATIONS,
    authorize: async (request, target, context) => {
      inHook = true
      try {
        return await authorize(request, target, context)
      } finally {
        inHook = false
      }
    },
    fetch: async (request) => {
      if (inHook) {
        const url = new URL(request.url)
        lookups.push(`${url.pathname.slice(new URL(BASE).pathname.length)}${url.search}`)
        return (
          (request.method === 'GET' ? lookup(world, url) : undefined) ??
          Response.json({ status: 404, code: 'REFERENCE_NOT_FOUND', message: 'Not found.' }, { status: 404 })
        )
      }
      seen.push(request)
      return answer(request)
    },
    ...relayOptions,
  })
  return { relay, seen, lookups, base: BASE }
}
