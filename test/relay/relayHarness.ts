// The sandbox behind a relay, as an integrator deploys it: the page calls the relay with its own
// session (here the `X-Test-User` header stands for the integrator's session cookie), the relay
// adds the API secret and asks the integrator's hook, which knows what each user owns.
import { expect } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { SessionMetadata } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { createRelay, type Relay, type RelayOptions, type RelayTarget } from '../../src/relay/index.js'
import type { SandboxOptions } from '../../src/sandbox/index.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { createCustomer, type Harness, startHarness } from '../sandbox/harness.js'
import { json } from './relayRequests.js'

export { json }

/** The integrator's record of one user: what it created for them and what it has seen them get. */
export interface Owned {
  customerId: string
  accountIds: Set<string>
  credentialIds: Set<string>
  sessionIds: Set<string>
  quoteIds: Set<string>
  transactionIds: Set<string>
  delegatedKeyIds: Set<string>
  cardIds: Set<string>
  externalAccountIds: Set<string>
}

/** A user as a test sees it: the integrator's record plus the wallet's ids. */
export interface TestUser {
  name: string
  owned: Owned
  customerId: string
  accountId: string
  emailCredentialId: string
}

/** What the relay sent to the service: method, URL, headers and the exact body bytes. */
export interface UpstreamCall {
  method: string
  url: string
  headers: Record<string, string>
  body: Uint8Array
}

/** What the relay returned to the browser. */
export interface RelayReply {
  status: number
  headers: [string, string][]
  body: string
}

export interface RelayHarness {
  h: Harness
  relay: Relay
  /** Where the page reaches the relay: the integrator's origin and the relay's mount point. */
  appBase: string
  users: Map<string, Owned>
  /** Every request the relay sent upstream. */
  upstream: UpstreamCall[]
  /** Every answer the relay gave. */
  replies: RelayReply[]
  /** Targets the hook was asked about. */
  targets: RelayTarget[]
  /** The page's fetch, signed in to the integrator as `user` (or as nobody). */
  browser(user?: string): typeof fetch
  /** A customer (with `fields`) and its wallet, recorded as `name`'s in the integrator's map. */
  addUser(name: string, fields?: Record<string, unknown>): Promise<TestUser>
}

export const PREFIX = '/wallet'
export const USER_HEADER = 'X-Test-User'

/**
 * The hook an integrator would write with its own records: the signed-in user must own every id
 * the target names.
 */
export function ownsEverything(users: Map<string, Owned>): RelayOptions['authorize'] {
  return (request, target) => {
    const owned = users.get(request.headers.get(USER_HEADER) ?? '')
    if (!owned) return false
    const sets: [string | undefined, Set<string>][] = [
      [target.customerId, new Set([owned.customerId])],
      [target.accountId, owned.accountIds],
      [target.credentialId, owned.credentialIds],
      [target.sessionId, owned.sessionIds],
      [target.quoteId, owned.quoteIds],
      [target.transactionId, owned.transactionIds],
      [target.delegatedKeyId, owned.delegatedKeyIds],
      [target.cardId, owned.cardIds],
      [target.externalAccountId, owned.externalAccountIds],
    ]
    return sets.every(([id, set]) => id === undefined || set.has(id))
  }
}

/** A sandbox, a relay in front of it (prefix `/wallet`) and the integrator's user map. */
export async function startRelayHarness(
  options: Partial<RelayOptions> = {},
  sandboxOptions: SandboxOptions = {},
): Promise<RelayHarness> {
  const h = await startHarness(sandboxOptions)
  const users = new Map<string, Owned>()
  const upstream: UpstreamCall[] = []
  const replies: RelayReply[] = []
  const targets: RelayTarget[] = []
  const authorize = ownsEverything(users)
  const relay = createRelay({
    ...h.testing.relayOptions,
    prefix: PREFIX,
    authorize: (request, target, context) => {
      targets.push(target)
      return authorize(request, target, context)
    },
    fetch: async (request) => {
      upstream.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: new Uint8Array(await request.clone().arrayBuffer()),
      })
      return h.testing.relayOptions.fetch(request)
    },
    onError: () => {},
    ...options,
  })
  const logged: Relay = async (request) => {
    const response = await relay(request)
    const copy = response.clone()
    replies.push({ status: response.status, headers: [...response.headers], body: await copy.text() })
    return response
  }
  return {
    h,
    relay: logged,
    appBase: `http://app.test${PREFIX}`,
    users,
    upstream,
    replies,
    targets,
    browser: (user) => async (input, init) => {
      const request = new Request(input, init)
      if (user !== undefined) request.headers.set(USER_HEADER, user)
      return logged(request)
    },
    async addUser(name, fields) {
      const customer = await createCustomer(h, fields)
      const owned: Owned = {
        customerId: customer.customerId,
        accountIds: new Set([customer.accountId]),
        credentialIds: new Set([customer.emailCredentialId]),
        sessionIds: new Set(),
        quoteIds: new Set(),
        transactionIds: new Set(),
        delegatedKeyIds: new Set(),
        cardIds: new Set(),
        externalAccountIds: new Set(),
      }
      users.set(name, owned)
      return { name, owned, ...customer }
    },
  }
}

/** A complete email-OTP sign-in of `user` through the relay; the session id joins the user's record. */
export async function otpSignInThroughRelay(
  r: RelayHarness,
  user: TestUser,
  headerName?: string,
): Promise<{ key: SessionKey; metadata: SessionMetadata }> {
  const page = r.browser(user.name)
  const challenge = await page(`${r.appBase}/auth/credentials/${user.emailCredentialId}/challenge`, {
    method: 'POST',
  })
  expect(challenge.status).toBe(200)
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: r.h.testing.otpCode,
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [r.h.sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(page, { getKey: () => tek, now: r.h.sandbox.clock.now, headerName })
  const response = await verify(
    `${r.appBase}/auth/credentials/${user.emailCredentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  const result = await sessionFromAuthSession({
    response: await response.json(),
    pendingKey: tek,
    credential: { credentialId: user.emailCredentialId, accountId: user.accountId, type: 'EMAIL_OTP' },
  })
  if (result.metadata.sessionId) user.owned.sessionIds.add(result.metadata.sessionId)
  return result
}
