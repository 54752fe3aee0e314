// The sandbox a fuzz run attacks: two protected customers (A and B) signed in before the run, a
// revoked session of A, every kind of id the routes take, used and foreign Request-Ids, and a
// snapshot of what the run must leave unchanged.

import { expect } from 'vitest'
import { quoteWalletPayload } from '../../../src/client/quoteWalletPayload.js'
import { withWalletSignature } from '../../../src/fetch/withWalletSignature.js'
import { generateSessionKey, type SessionKey } from '../../../src/keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../../src/stamp/stamp.js'
import {
  type Customer,
  createCustomer,
  createExternalAccount,
  fund,
  type Harness,
  json,
  otpSignIn,
  quoteToUma,
  startHarness,
} from '../harness.js'
import { issueCard } from '../issueCard.js'

/** A protected customer: ids, its session key and session id, and a card its wallet funds. */
export interface Signer extends Customer {
  key: SessionKey
  sessionId: string
  cardId: string
}

/** A pending 202 the fuzzer may point at: its id and the payload a signer would stamp. */
export interface PendingChallenge {
  requestId: string
  payloadToSign: string
}

/** A signed retry that succeeded: what was sent, and by whom. */
export interface UsedChallenge extends PendingChallenge {
  path: string
  body: string
  signer: 'a' | 'b'
}

/** Roles of the ids in a route's path, query or body. */
export type IdRole =
  | 'customer'
  | 'account'
  | 'credential'
  | 'session'
  | 'quote'
  | 'transaction'
  | 'externalAccount'
  | 'verification'

export interface FuzzWorld {
  h: Harness
  a: Signer
  b: Signer
  /** A's session revoked before the run: its key must sign nothing. */
  revoked: SessionKey
  /** A key that was never a session's. */
  stranger: SessionKey
  /** Known ids by role (A's, B's and the money objects around them). */
  ids: Record<IdRole, string[]>
  /** Signed retries the setup made (their Request-Ids are used up), to replay. */
  usedChallenges: UsedChallenge[]
  /** Unused 202s of B's account: foreign to any request about A. */
  foreignChallenges: PendingChallenge[]
  /** A quote from A's wallet: its execute is checked against `payloadToSign`. */
  quote: { id: string; payloadToSign: string }
  /** A fresh P-256 key, compressed and uncompressed hex, for bodies that need one. */
  keyHex: { compressed: string; uncompressed: string }
}

async function signer(h: Harness, fields: Record<string, unknown>): Promise<Signer> {
  const customer = await createCustomer(h, fields)
  const { key, metadata } = await otpSignIn(h, customer.emailCredentialId, customer.accountId)
  if (!metadata.sessionId) throw new Error('the sign-in returned no session id')
  const cardId = await issueCard(h, { cardholderId: customer.customerId, accountId: customer.accountId })
  return { ...customer, key, sessionId: metadata.sessionId, cardId }
}

/** A signed wallet-settings change by `signer`: the 202's Request-Id is used up by it. */
async function signedPatch(h: Harness, signer: Signer, name: 'a' | 'b'): Promise<UsedChallenge> {
  const path = `/internal-accounts/${signer.accountId}`
  // The one field the service takes; a different spacing for each signer makes a different body.
  const body = `{"privateEnabled":true${name === 'a' ? '' : ' '}}`
  const challenge = await h.call('PATCH', path, body)
  expect(challenge.status).toBe(202)
  const { requestId, payloadToSign } = challenge.body as { requestId: string; payloadToSign: string }
  const retried = await h.call('PATCH', path, body, {
    'Request-Id': requestId,
    [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, signer.key),
  })
  expect(retried.status, JSON.stringify(retried.body)).toBe(200)
  return { requestId, payloadToSign, path, body, signer: name }
}

/** Sets up the world of one fuzz run on a fresh in-process sandbox. */
export async function createFuzzWorld(): Promise<FuzzWorld> {
  // Failed verifications are what the fuzzer sends most: without a limit, each keeps its own 401
  // instead of the 429 a few of them in a row would get.
  const h = await startHarness({ verifyFailureLimit: Number.POSITIVE_INFINITY })
  // A in the EU (its quotes need SCA), B in the US.
  // Both with a phone on file, so that adding SMS_OTP reaches the signature check.
  const a = await signer(h, {
    phoneNumber: '+33612345678',
    address: { line1: '1 Rue de Rivoli', postalCode: '75001', country: 'FR' },
  })
  const b = await signer(h, { phoneNumber: '+15555550123' })
  // A's second sign-in (to be revoked) waits out the interval between two challenges.
  h.sandbox.clock.advance(h.sandbox.config.challengeIntervalMs)
  const old = await otpSignIn(h, a.emailCredentialId, a.accountId)
  const revokedWith = withWalletSignature(h.api, { getKey: () => a.key, now: h.sandbox.clock.now })
  const revoked = await revokedWith(`${h.base}/auth/sessions/${old.metadata.sessionId}`, { method: 'DELETE' })
  expect(revoked.status).toBe(204)

  await fund(h, a.accountId, 100_000_000)
  const external = await createExternalAccount(h, a.customerId, '123456789')
  const accounts = await h.call('GET', `/customers/internal-accounts?customerId=${a.customerId}&currency=USD`)
  const [usd] = accounts.body.data as Array<{ id: string }>
  const transfer = await h.call('POST', '/transfer-in', {
    source: { accountId: external },
    destination: { accountId: usd?.id },
    amount: 1000,
  })
  expect(transfer.status).toBe(201)
  const verification = await h.call('POST', '/verifications', { customerId: a.customerId })
  expect(verification.status).toBe(200)
  const quote = await quoteToUma(h, a.accountId, `$success.usd@${h.sandbox.config.umaDomain}`)
  const payloadToSign = quoteWalletPayload(quote)
  if (typeof payloadToSign !== 'string') throw new Error('the quote from a wallet carries no payloadToSign')

  const usedChallenges = [await signedPatch(h, a, 'a'), await signedPatch(h, b, 'b')]
  const foreignChallenges: PendingChallenge[] = []
  for (const spaces of [1, 2, 3]) {
    const body = `{"privateEnabled":false${' '.repeat(spaces)}}`
    const challenge = await h.call('PATCH', `/internal-accounts/${b.accountId}`, body)
    expect(challenge.status).toBe(202)
    foreignChallenges.push(challenge.body as unknown as PendingChallenge)
  }
  const fresh = await generateSessionKey()
  return {
    h,
    a,
    b,
    revoked: old.key,
    stranger: await generateSessionKey(),
    ids: {
      customer: [a.customerId, b.customerId],
      account: [a.accountId, b.accountId],
      credential: [a.emailCredentialId, b.emailCredentialId],
      session: [a.sessionId, b.sessionId, old.metadata.sessionId ?? a.sessionId],
      quote: [quote.id],
      transaction: [transfer.body.id as string],
      externalAccount: [external],
      verification: [verification.body.id as string],
    },
    usedChallenges,
    foreignChallenges,
    quote: { id: quote.id, payloadToSign },
    keyHex: { compressed: fresh.publicKey, uncompressed: fresh.publicKeyUncompressed },
  }
}

/** What the fuzzing must not change: A's and B's accounts (but the balance), credentials and sessions. */
export interface WorldSnapshot {
  accounts: unknown[]
  credentials: unknown[]
  sessions: unknown[]
  customers: unknown[]
}

function withoutMoney(account: Record<string, unknown>): Record<string, unknown> {
  // The sandbox endpoints move money without a signature (fund, transfers): the balance may change.
  const { balance: _balance, totalBalance: _total, updatedAt: _updatedAt, ...rest } = account
  return rest
}

/** Reads the protected state of the world. */
export async function snapshot(world: FuzzWorld): Promise<WorldSnapshot> {
  const { h } = world
  const read = async (path: string) => {
    const reply = await h.call('GET', path)
    expect(reply.status, path).toBe(200)
    return reply.body
  }
  const snap: WorldSnapshot = { accounts: [], credentials: [], sessions: [], customers: [] }
  for (const signer of [world.a, world.b]) {
    const wallets = await read(
      `/customers/internal-accounts?customerId=${signer.customerId}&type=EMBEDDED_WALLET`,
    )
    snap.accounts.push(...(wallets.data as Array<Record<string, unknown>>).map(withoutMoney))
    snap.credentials.push(await read(`/auth/credentials?accountId=${signer.accountId}`))
    snap.sessions.push(await read(`/auth/sessions?accountId=${signer.accountId}`))
    const { email, id } = await read(`/customers/${signer.customerId}`)
    // Unsigned PATCHes may rename a customer; its email (a sign-in method) only with a signature.
    snap.customers.push({ id, email })
  }
  return snap
}

/** One check of the state after the run, and whether it held. */
export interface StateCheck {
  name: string
  passed: boolean
  detail?: string
}

async function signedSettingsChange(world: FuzzWorld, accountId: string, key: SessionKey, mark: string) {
  const signed = withWalletSignature(world.h.api, { getKey: () => key, now: world.h.sandbox.clock.now })
  try {
    // Each check signs a body of its own: the service ignores members it does not define.
    const response = await signed(
      `${world.h.base}/internal-accounts/${accountId}`,
      json('PATCH', { privateEnabled: true, mark }),
    )
    const body = await response.json()
    return { status: response.status, ok: response.status === 200 && body.id === accountId }
  } catch (error) {
    return { status: (error as { status?: number }).status ?? 0, ok: false }
  }
}

/**
 * After the run: the protected state equals `before`; A's and B's sessions from before still sign
 * a signed retry, A's revoked one still does not; a fresh OTP sign-in works, for A's credential
 * and a new customer's, and its session signs.
 */
export async function checkWorld(world: FuzzWorld, before: WorldSnapshot): Promise<StateCheck[]> {
  const { h } = world
  const checks: StateCheck[] = []
  const after = await snapshot(world)
  for (const part of ['accounts', 'credentials', 'sessions', 'customers'] as const) {
    const same = JSON.stringify(after[part]) === JSON.stringify(before[part])
    checks.push({
      name: `A's and B's ${part} unchanged`,
      passed: same,
      ...(same ? {} : { detail: `${JSON.stringify(before[part])} -> ${JSON.stringify(after[part])}` }),
    })
  }
  for (const [name, signer] of [
    ['A', world.a],
    ['B', world.b],
  ] as const) {
    const outcome = await signedSettingsChange(world, signer.accountId, signer.key, `after-${name}`)
    checks.push({
      name: `${name}'s session from before signs a signed retry`,
      passed: outcome.ok,
      detail: String(outcome.status),
    })
  }
  const revoked = await signedSettingsChange(world, world.a.accountId, world.revoked, 'revoked')
  checks.push({
    name: "A's revoked session still signs nothing",
    passed: revoked.status === 401,
    detail: String(revoked.status),
  })

  // The run may have asked A's credential for codes: the next challenge is due one interval later.
  h.sandbox.clock.advance(h.sandbox.config.challengeIntervalMs)
  for (const [name, customer] of [
    ['A', world.a as Customer],
    ['a new customer', await createCustomer(h)],
  ] as const) {
    try {
      const { key } = await otpSignIn(h, customer.emailCredentialId, customer.accountId)
      const outcome = await signedSettingsChange(world, customer.accountId, key, `fresh-${name}`)
      checks.push({
        name: `a fresh OTP sign-in of ${name} works and signs`,
        passed: outcome.ok,
        detail: String(outcome.status),
      })
    } catch (error) {
      checks.push({
        name: `a fresh OTP sign-in of ${name} works and signs`,
        passed: false,
        detail: String(error),
      })
    }
  }
  return checks
}
