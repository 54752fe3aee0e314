// An in-process sandbox and the kit wired to it, as an integrator's page and backend would be.

import { expect } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { SessionMetadata } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.js'
import { LEGACY_SIGNATURE } from '../../src/sandbox/signedRetry.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { startTestSandbox, type TestCustomer, type TestSandbox } from '../../src/testing/startTestSandbox.js'
import { parseWire } from '../../src/wire/parseWire.js'
import { Quote } from '../../src/wire/quote.js'
import { contractFetch } from '../contract/contractFetch.js'

/** A sandbox answer read as JSON (`{}` for an empty body). */
export interface Reply {
  status: number
  body: Record<string, unknown>
}

export interface Harness {
  sandbox: Sandbox
  /** The testing entry's sandbox this harness runs on: customers, codes, ID tokens, relay options. */
  testing: TestSandbox
  /** Base URL the kit talks to (in-process: no port). */
  base: string
  /** `testing.fetch` (HTTP Basic added, answered in-process), every answer checked against the contract. */
  api: typeof fetch
  /** `api` wrapped by the kit, signing with whatever `session` holds. */
  signed: typeof fetch
  session: { key?: SessionKey }
  /**
   * A JSON request through `api` to `path` under `base`: a string body is sent as it is (so it
   * can be malformed on purpose), any other body as JSON.
   */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>
}

/** When every harness sandbox starts (this test file's start); its clock stands still unless moved. */
export const SANDBOX_START = Date.now()

/** The legacy wallet signature as a header: what the sandbox takes for an execute in these tests. */
export const SIGNED = { [WALLET_SIGNATURE_HEADER]: LEGACY_SIGNATURE }

/**
 * A fresh sandbox (the testing entry's: quiet, OTP codes not logged; clock frozen at
 * `SANDBOX_START` unless `options.now` says otherwise, moved only by `clock.advance`/`clock.set`)
 * and the fetch functions around it.
 */
export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const testing = await startTestSandbox({ now: () => SANDBOX_START, ...options })
  const { sandbox } = testing
  // Every answer is checked against the service's contract before the test sees it.
  const api = contractFetch(testing.fetch)
  const session: { key?: SessionKey } = {}
  const base = testing.baseUrl
  const call: Harness['call'] = async (method, path, body, headers = {}) => {
    const response = await api(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : {} }
  }
  return {
    sandbox,
    testing,
    base,
    api,
    // The kit and the sandbox agree on the time, as a client and the service roughly do.
    signed: withWalletSignature(api, { getKey: () => session.key, now: sandbox.clock.now }),
    session,
    call,
  }
}

/** JSON request options. */
export function json(method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }
}

/** A customer with its embedded wallet and EMAIL_OTP credential (the testing entry's). */
export type Customer = TestCustomer

/**
 * Creates a customer (any `POST /customers` fields; a fresh email unless given): the testing
 * entry's `createCustomer`, which throws the service's error when a set-up step is refused.
 */
export function createCustomer(h: Harness, fields: Record<string, unknown> = {}): Promise<Customer> {
  return h.testing.createCustomer(fields)
}

/**
 * The first leg of an OTP sign-in: a challenge for `credentialId` and a fresh TEK; `seal` encrypts a
 * code to that challenge's bundle for the TEK (as the kit's page does with what the user typed).
 */
export async function otpChallenge(
  h: Harness,
  credentialId: string,
): Promise<{ tek: SessionKey; seal: (otpCode: string) => Promise<string> }> {
  const challenge = await h.api(`${h.base}/auth/credentials/${credentialId}/challenge`, { method: 'POST' })
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const seal = (otpCode: string) =>
    encryptOtp({
      otpCode,
      targetBundle: otpEncryptionTargetBundle,
      publicKey: tek.publicKey,
      trustedSigners: [h.sandbox.signerPublicKey],
    })
  return { tek, seal }
}

/** A complete OTP sign-in through the kit; the session key becomes `h.session.key`. */
export async function otpSignIn(
  h: Harness,
  credentialId: string,
  accountId: string,
  type: 'EMAIL_OTP' | 'SMS_OTP' = 'EMAIL_OTP',
): Promise<{ key: SessionKey; metadata: SessionMetadata }> {
  const { tek, seal } = await otpChallenge(h, credentialId)
  const encryptedOtpBundle = await seal(h.testing.otpCode)
  const verify = withWalletSignature(h.api, { getKey: () => tek, now: h.sandbox.clock.now })
  const response = await verify(
    `${h.base}/auth/credentials/${credentialId}/verify`,
    json('POST', { type, encryptedOtpBundle }),
  )
  const result = await sessionFromAuthSession({
    response: await response.json(),
    pendingKey: tek,
    credential: { credentialId, accountId, type },
  })
  h.session.key = result.key
  return result
}

/**
 * A sandbox ID token with any claims, malformed or missing ones included: real claims, dummy
 * signature (the sandbox does not check it). Kept beside `testing.idToken`, which mints only
 * well-formed tokens (`aud`, `sub`, `email`, `nonce` on the sandbox clock), because the OAuth
 * tests need malformed, missing and hand-set claims (an `iat` in the future, no `aud`, …).
 */
export function idToken(claims: Record<string, unknown>): string {
  const segment = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment(claims)}.dummy-signature`
}

/** Creates an external bank account of `customerId` whose number is `accountNumber`; returns its id. */
export async function createExternalAccount(
  h: Harness,
  customerId: string,
  accountNumber: string,
  currency = 'USD',
): Promise<string> {
  // The number goes where the currency's account info keeps it, its last digits unchanged.
  const digits = (length: number) => accountNumber.padStart(length, '0').slice(-length)
  const identifiers: Record<string, Record<string, string>> = {
    EUR: { iban: `DE89${digits(18)}` },
    MXN: { clabeNumber: digits(18) },
    GBP: { sortCode: '123456', accountNumber: digits(8) },
  }
  const created = await h.call('POST', '/customers/external-accounts', {
    customerId,
    currency,
    accountInfo: {
      accountType: `${currency}_ACCOUNT`,
      ...(identifiers[currency] ?? { accountNumber, routingNumber: '021000021' }),
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id as string
}

/** Credits an internal account at once (the testing entry's `fund`: the sandbox-only fund endpoint). */
export function fund(h: Harness, accountId: string, amount: number): Promise<void> {
  return h.testing.fund(accountId, amount)
}

/**
 * An internal account's balance (smallest units), read through the list of its customer's (or the
 * platform's) accounts: the service has no `GET /internal-accounts/{id}`.
 */
export async function balance(h: Harness, accountId: string): Promise<number> {
  type Page = { data: Array<{ id: string; balance: { amount: number } }>; nextCursor?: string }
  const pages = [(await h.call('GET', '/platform/internal-accounts')).body as Page]
  let cursor: string | undefined = ''
  while (cursor !== undefined) {
    const reply = await h.call(
      'GET',
      `/customers/internal-accounts?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    )
    expect(reply.status).toBe(200)
    const page = reply.body as Page
    pages.push(page)
    cursor = page.nextCursor
  }
  for (const page of pages) {
    const account = page.data.find((candidate) => candidate.id === accountId)
    if (account) return account.balance.amount
  }
  throw new Error(`no internal account ${accountId}`)
}

/** The quote in a reply with `status`; every quote body the sandbox returns must read with the kit's schema. */
export function quoteOf(reply: Reply, status = 200): Quote {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status)
  return parseWire(Quote, reply.body, 'Quote')
}

/**
 * Creates a quote (201), locking 10_000_000 minor units of the sending currency unless `body` says
 * otherwise (10 USDB from a wallet, whose currency has 6 decimals).
 */
export async function createQuote(h: Harness, body: Record<string, unknown>): Promise<Quote> {
  return quoteOf(
    await h.call('POST', '/quotes', {
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000_000,
      ...body,
    }),
    201,
  )
}

/** Creates a quote paying `umaAddress` from the internal account `accountId` (see `createQuote`). */
export async function quoteToUma(
  h: Harness,
  accountId: string,
  umaAddress: string,
  fields: Record<string, unknown> = {},
): Promise<Quote> {
  return createQuote(h, {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress },
    ...fields,
  })
}

/** Reads a quote (200). */
export async function getQuote(h: Harness, id: string): Promise<Quote> {
  return quoteOf(await h.call('GET', `/quotes/${id}`))
}
