// Every route of the sandbox, with a body that would pass its schema: what the fuzzer starts from.

import type { FuzzWorld, IdRole } from './fuzzWorld.js'

/** The route groups the figures count requests by. */
export const ROUTE_GROUPS = [
  'auth credentials',
  'auth sessions',
  'auth delegated keys',
  'customers',
  'internal accounts',
  'quotes',
  'transactions',
  'external accounts',
  'transfers',
  'verifications',
  'sandbox endpoints',
] as const
export type RouteGroup = (typeof ROUTE_GROUPS)[number]

/**
 * One route: `path` names ids by role in braces (`/quotes/{quote}`), and so may string values of
 * `body` (`{ customerId: '{customer}' }`).
 */
export interface FuzzRoute {
  group: RouteGroup
  method: string
  path: string
  body?: (world: FuzzWorld) => unknown
}

const ROLE_PATTERN = /\{(\w+)\}/g

/** The roles a route's path and body name, in order. */
export function rolesOf(route: FuzzRoute, world: FuzzWorld): IdRole[] {
  const text = route.path + JSON.stringify(route.body?.(world) ?? null)
  return [...text.matchAll(ROLE_PATTERN)].map((match) => match[1] as IdRole)
}

/** Replaces every `{role}` of a path (URL-encoding the id) or body (as it is) with `pick(role)`. */
export function fillPath(path: string, pick: (role: IdRole) => string): string {
  return path.replace(ROLE_PATTERN, (_, role: IdRole) => encodeURIComponent(pick(role)))
}

export function fillBody(body: unknown, pick: (role: IdRole) => string): unknown {
  if (typeof body === 'string') {
    const whole = /^\{(\w+)\}$/.exec(body)
    return whole ? pick(whole[1] as IdRole) : body
  }
  if (Array.isArray(body)) return body.map((item) => fillBody(item, pick))
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fillBody(value, pick)]))
  }
  return body
}

const uma = (world: FuzzWorld, name: string) => `$${name}@${world.h.sandbox.config.umaDomain}`

/** All 38 routes of the sandbox. */
export const FUZZ_ROUTES: FuzzRoute[] = [
  {
    group: 'auth credentials',
    method: 'POST',
    path: '/auth/credentials',
    body: () => ({ type: 'SMS_OTP', accountId: '{account}' }),
  },
  { group: 'auth credentials', method: 'GET', path: '/auth/credentials?accountId={account}' },
  { group: 'auth credentials', method: 'DELETE', path: '/auth/credentials/{credential}' },
  { group: 'auth credentials', method: 'POST', path: '/auth/credentials/{credential}/challenge' },
  {
    group: 'auth credentials',
    method: 'POST',
    path: '/auth/credentials/{credential}/verify',
    body: (world) => ({
      type: 'EMAIL_OTP',
      encryptedOtpBundle: JSON.stringify({
        encappedPublic: world.keyHex.uncompressed,
        ciphertext: '00'.repeat(40),
      }),
    }),
  },
  { group: 'auth sessions', method: 'GET', path: '/auth/sessions?accountId={account}' },
  { group: 'auth sessions', method: 'DELETE', path: '/auth/sessions/{session}' },
  {
    group: 'auth sessions',
    method: 'POST',
    path: '/auth/sessions/{session}/refresh',
    body: (world) => ({ clientPublicKey: world.keyHex.compressed }),
  },
  {
    group: 'auth delegated keys',
    method: 'POST',
    path: '/auth/delegated-keys',
    body: () => ({ cardId: 'Card:fuzz', internalAccountId: '{account}', nickname: 'Fuzz key' }),
  },
  { group: 'auth delegated keys', method: 'GET', path: '/auth/delegated-keys?accountId={account}' },
  {
    group: 'customers',
    method: 'POST',
    path: '/customers',
    body: () => ({ customerType: 'INDIVIDUAL', fullName: 'Fuzz Tester', email: 'fuzz@example.com' }),
  },
  { group: 'customers', method: 'GET', path: '/customers/{customer}' },
  {
    group: 'customers',
    method: 'PATCH',
    path: '/customers/{customer}',
    body: () => ({ customerType: 'INDIVIDUAL', email: 'moved@example.com', fullName: 'Fuzz Renamed' }),
  },
  {
    group: 'internal accounts',
    method: 'GET',
    path: '/customers/internal-accounts?customerId={customer}&type=EMBEDDED_WALLET',
  },
  { group: 'internal accounts', method: 'GET', path: '/platform/internal-accounts?currency=USD' },
  {
    group: 'internal accounts',
    method: 'POST',
    path: '/internal-accounts/{account}/export',
    body: (world) => ({ clientPublicKey: world.keyHex.uncompressed }),
  },
  {
    group: 'internal accounts',
    method: 'PATCH',
    path: '/internal-accounts/{account}',
    body: () => ({ privateEnabled: true }),
  },
  {
    group: 'quotes',
    method: 'POST',
    path: '/quotes',
    body: (world) => ({
      source: { sourceType: 'ACCOUNT', accountId: '{account}' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: uma(world, 'success.usd') },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000_000,
    }),
  },
  { group: 'quotes', method: 'GET', path: '/quotes/{quote}' },
  { group: 'quotes', method: 'POST', path: '/quotes/{quote}/authorize', body: () => ({ code: '123456' }) },
  { group: 'quotes', method: 'POST', path: '/quotes/{quote}/authorize/resend' },
  {
    group: 'quotes',
    method: 'POST',
    path: '/quotes/{quote}/execute',
    body: () => ({ scaFactor: 'SMS_OTP' }),
  },
  { group: 'transactions', method: 'GET', path: '/transactions?customerId={customer}&type=OUTGOING' },
  { group: 'transactions', method: 'GET', path: '/transactions/{transaction}' },
  {
    group: 'external accounts',
    method: 'POST',
    path: '/customers/external-accounts',
    body: () => ({
      customerId: '{customer}',
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '000123456',
        routingNumber: '021000021',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
      },
    }),
  },
  { group: 'external accounts', method: 'GET', path: '/customers/external-accounts?customerId={customer}' },
  { group: 'external accounts', method: 'GET', path: '/customers/external-accounts/{externalAccount}' },
  { group: 'external accounts', method: 'DELETE', path: '/customers/external-accounts/{externalAccount}' },
  { group: 'external accounts', method: 'GET', path: '/platform/external-accounts' },
  {
    group: 'transfers',
    method: 'POST',
    path: '/transfer-in',
    body: () => ({
      source: { accountId: '{externalAccount}' },
      destination: { accountId: '{account}' },
      amount: 100,
    }),
  },
  {
    group: 'transfers',
    method: 'POST',
    path: '/transfer-out',
    body: () => ({
      source: { accountId: '{account}' },
      destination: { accountId: '{externalAccount}' },
      amount: 100,
    }),
  },
  {
    group: 'verifications',
    method: 'POST',
    path: '/verifications',
    body: () => ({ customerId: '{customer}' }),
  },
  { group: 'verifications', method: 'GET', path: '/verifications/{verification}' },
  {
    group: 'verifications',
    method: 'POST',
    path: '/beneficial-owners',
    body: () => ({
      customerId: '{customer}',
      roles: ['UBO'],
      ownershipPercentage: 25,
      personalInfo: {
        firstName: 'Jo',
        lastName: 'Doe',
        birthDate: '1980-01-01',
        nationality: 'US',
        address: { line1: '1 Main St', postalCode: '10001', country: 'US' },
        idType: 'SSN',
        identifier: '123-45-6789',
      },
    }),
  },
  { group: 'verifications', method: 'GET', path: '/beneficial-owners?customerId={customer}' },
  {
    group: 'sandbox endpoints',
    method: 'POST',
    path: '/sandbox/internal-accounts/{account}/fund',
    body: () => ({ amount: 100 }),
  },
  {
    group: 'sandbox endpoints',
    method: 'POST',
    path: '/sandbox/send',
    body: () => ({ quoteId: '{quote}', currencyCode: 'USD' }),
  },
  {
    group: 'sandbox endpoints',
    method: 'POST',
    path: '/sandbox/uma/receive',
    body: (world) => ({
      senderUmaAddress: uma(world, 'alice'),
      receiverUmaAddress: uma(world, 'nobody'),
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 100,
    }),
  },
]

/**
 * Routes that, with the target's own ids and a valid body, always go through the signature check:
 * whatever Request-Id or signature the fuzzer adds, only 401 may come back. `twoStep` routes answer
 * an unsigned request with a 202 first; execute checks the header alone.
 */
export interface SignedRoute {
  group: RouteGroup
  method: string
  /** Path and body for the target (A or B) of the case. */
  request: (world: FuzzWorld, target: 'a' | 'b') => { path: string; body?: unknown }
  twoStep: boolean
}

export const SIGNED_ROUTES: SignedRoute[] = [
  {
    group: 'internal accounts',
    method: 'PATCH',
    request: (w, t) => ({ path: `/internal-accounts/${w[t].accountId}`, body: { privateEnabled: true } }),
    twoStep: true,
  },
  {
    group: 'internal accounts',
    method: 'POST',
    request: (w, t) => ({
      path: `/internal-accounts/${w[t].accountId}/export`,
      body: { clientPublicKey: w.keyHex.uncompressed },
    }),
    twoStep: true,
  },
  {
    group: 'auth sessions',
    method: 'DELETE',
    request: (w, t) => ({ path: `/auth/sessions/${w[t].sessionId}` }),
    twoStep: true,
  },
  {
    group: 'auth sessions',
    method: 'POST',
    request: (w, t) => ({
      path: `/auth/sessions/${w[t].sessionId}/refresh`,
      body: { clientPublicKey: w.keyHex.compressed },
    }),
    twoStep: true,
  },
  {
    group: 'auth credentials',
    method: 'POST',
    request: (w, t) => ({
      path: '/auth/credentials',
      body: { type: 'SMS_OTP', accountId: w[t].accountId },
    }),
    twoStep: true,
  },
  {
    group: 'auth delegated keys',
    method: 'POST',
    request: (w, t) => ({
      path: '/auth/delegated-keys',
      body: { cardId: w[t].cardId, internalAccountId: w[t].accountId, nickname: 'Fuzz key' },
    }),
    twoStep: true,
  },
  {
    group: 'customers',
    method: 'PATCH',
    request: (w, t) => ({
      path: `/customers/${w[t].customerId}`,
      body: { customerType: 'INDIVIDUAL', email: `taken-over-${t}@example.com` },
    }),
    twoStep: true,
  },
  {
    group: 'auth credentials',
    method: 'POST',
    request: (w, t) => ({
      path: `/auth/credentials/${w[t].emailCredentialId}/verify`,
      body: { type: 'EMAIL_OTP', encryptedOtpBundle: 'x' },
    }),
    twoStep: false,
  },
]
