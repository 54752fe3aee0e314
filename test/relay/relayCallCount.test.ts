// What the relay's recommended hook (`isOwnedBy`) costs in calls to the service, per flow, against
// the sandbox: each flow is run twice, once behind a hook that asks nothing (the integrator's own
// records: the flow's own calls) and once behind `isOwnedBy`, and the difference is the lookups.
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { SessionKey } from '../../src/keys/sessionKey.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import {
  createMemoryOwnershipStore,
  createPasskeyRegistrationOptions,
  createRelay,
  type OwnershipStore,
  type RelayAuthorize,
} from '../../src/relay/index.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import type { Quote } from '../../src/wire/quote.js'
import { fund } from '../sandbox/harness.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import {
  json,
  otpSignInThroughRelay,
  PREFIX,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
  USER_HEADER,
} from './relayHarness.js'

/** The README's hook: the signed-in user's customer must own what the request names. */
const isOwnedByHook: RelayAuthorize = (request, _target, { isOwnedBy }) => {
  const name = request.headers.get(USER_HEADER) ?? ''
  const customerId = customers.get(name)
  return customerId !== undefined && isOwnedBy(customerId)
}
// Test user name -> customer id, for the hook above (the integrator's session table).
const customers = new Map<string, string>()

/** The README's hook as written: with the wallet the integrator created for the user. */
const isOwnedByWithWalletHook: RelayAuthorize = (request, _target, { isOwnedBy }) => {
  const name = request.headers.get(USER_HEADER) ?? ''
  const customerId = customers.get(name)
  const accountId = wallets.get(name)
  return customerId !== undefined && isOwnedBy(customerId, { accountIds: accountId ? [accountId] : [] })
}
// Test user name -> the wallet's account id, as the integrator's records keep it.
const wallets = new Map<string, string>()

/** One user's flows through `r`, each returning the calls the relay made to the service for it. */
async function flowsOf(r: RelayHarness, name: string) {
  const user = await r.addUser(`${name}-${crypto.randomUUID()}`)
  customers.set(user.name, user.customerId)
  wallets.set(user.name, user.accountId)
  const calls = async (flow: () => Promise<unknown>) => {
    const before = r.upstream.length
    await flow()
    return r.upstream.length - before
  }
  let key: SessionKey | undefined
  let sessionId: string | undefined
  const signed = () =>
    withWalletSignature(r.browser(user.name), { getKey: () => key as SessionKey, now: r.h.sandbox.clock.now })
  return {
    user,
    /** The session key of the last sign-in. */
    key: () => key as SessionKey,
    emailSignIn: () =>
      calls(async () => {
        r.h.sandbox.clock.advance(r.h.sandbox.config.challengeIntervalMs)
        const signedIn = await otpSignInThroughRelay(r, user)
        key = signedIn.key
        sessionId = signedIn.metadata.sessionId
      }),
    refresh: () =>
      calls(async () => {
        const next = await generateSessionKey()
        const response = await signed()(
          `${r.appBase}/auth/sessions/${sessionId}/refresh`,
          json('POST', { clientPublicKey: next.publicKey }),
        )
        expect(response.status).toBe(201)
        // The refreshed session signs from now on.
        key = next
        sessionId = (await response.json()).id
      }),
    signedPatch: () =>
      calls(async () => {
        const response = await signed()(
          `${r.appBase}/internal-accounts/${user.accountId}`,
          json('PATCH', { privateEnabled: true }),
        )
        expect(response.status).toBe(200)
      }),
    quoteExecute: () => calls(() => quoteAndExecute(r, user, key as SessionKey)),
  }
}

async function quoteAndExecute(r: RelayHarness, user: TestUser, key: SessionKey) {
  await fund(r.h, user.accountId, 50_000_000)
  const page = r.browser(user.name)
  const created = await page(
    `${r.appBase}/quotes`,
    json('POST', {
      source: { sourceType: 'ACCOUNT', accountId: user.accountId },
      destination: {
        destinationType: 'UMA_ADDRESS',
        umaAddress: `$success.usd@${r.h.sandbox.config.umaDomain}`,
      },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000_000,
    }),
  )
  expect(created.status).toBe(201)
  const quote = (await created.json()) as Quote
  user.owned.quoteIds.add(quote.id)
  const executed = await page(
    `${r.appBase}/quotes/${quote.id}/execute`,
    json(
      'POST',
      {},
      {
        [WALLET_SIGNATURE_HEADER]: await stamp(quoteWalletPayload(quote) as string, key),
        'Idempotency-Key': crypto.randomUUID(),
      },
    ),
  )
  expect(executed.status).toBe(200)
}

/** A passkey registered through `r` for `user` (signed by `key`), and a sign-in with it. */
async function passkeyOf(r: CountingHarness, user: TestUser, key: SessionKey) {
  const { rpId, origins } = r.h.sandbox.config
  const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
  const signed = withWalletSignature(r.browser(user.name), { getKey: () => key, now: r.h.sandbox.clock.now })
  const challenge = (await r.passkeys.options({ name: user.name, accountId: user.accountId })).challenge
  const created = await signed(
    `${r.appBase}/auth/credentials`,
    json('POST', {
      type: 'PASSKEY',
      accountId: user.accountId,
      challenge,
      nickname: 'Laptop',
      attestation: authenticator.register(challenge),
    }),
  )
  expect(created.status).toBe(201)
  const passkeyId = (await created.json()).id as string
  user.owned.credentialIds.add(passkeyId)
  return async (through: (path: string, init: RequestInit) => Promise<Response>) => {
    r.h.sandbox.clock.advance(r.h.sandbox.config.challengeIntervalMs)
    const clientPublicKey = (await generateSessionKey()).publicKey
    const issued = await through(
      `/auth/credentials/${passkeyId}/challenge`,
      json('POST', { clientPublicKey }),
    )
    const { challenge: passkeyChallenge, requestId } = await issued.json()
    const assertion = await authenticator.assert(bytesToBase64Url(utf8(passkeyChallenge)))
    const verified = await through(
      `/auth/credentials/${passkeyId}/verify`,
      json('POST', { type: 'PASSKEY', assertion }, { 'Request-Id': requestId }),
    )
    expect(verified.status).toBe(200)
  }
}

type CountingHarness = RelayHarness & { passkeys: ReturnType<typeof createPasskeyRegistrationOptions> }

async function harness(
  authorize?: RelayAuthorize,
  ownershipStore?: OwnershipStore,
): Promise<CountingHarness> {
  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'Test Wallet',
    rpId: 'localhost',
    origins: ['http://localhost:5173'],
  })
  const r = await startRelayHarness({
    passkeyRegistration: passkeys,
    ...(authorize ? { authorize } : {}),
    ...(ownershipStore ? { ownershipStore } : {}),
  })
  return Object.assign(r, { passkeys })
}

/** Every flow of one user, in order, with the calls each made. */
async function runFlows(r: CountingHarness) {
  const flows = await flowsOf(r, 'ada')
  const firstSignIn = await flows.emailSignIn()
  const signedPatch = await flows.signedPatch()
  const quoteExecute = await flows.quoteExecute()
  const secondSignIn = await flows.emailSignIn()
  const refresh = await flows.refresh()
  return { flows, firstSignIn, signedPatch, quoteExecute, secondSignIn, refresh }
}

describe('calls from relay to service per flow', () => {
  it('isOwnedBy adds at most the first sign-in’s two lookups, then nothing for signed actions or later sign-ins', async () => {
    const own = await runFlows(await harness())
    const r = await harness(isOwnedByHook)
    const counted = await runFlows(r)
    // Never seen before: the customer's account list, then that account's credentials, once.
    expect(counted.firstSignIn - own.firstSignIn).toBeLessThanOrEqual(2)
    expect(counted.signedPatch).toBe(own.signedPatch)
    expect(counted.quoteExecute).toBe(own.quoteExecute)
    expect(counted.secondSignIn).toBe(own.secondSignIn)
    expect(counted.refresh).toBe(own.refresh)
  })

  it('with the wallet the integrator knows, the first sign-in costs one lookup and the rest none', async () => {
    const own = await runFlows(await harness())
    const counted = await runFlows(await harness(isOwnedByWithWalletHook))
    // That account's credentials, once: the customer's account list is not needed.
    expect(counted.firstSignIn - own.firstSignIn).toBe(1)
    expect(counted.signedPatch).toBe(own.signedPatch)
    expect(counted.quoteExecute).toBe(own.quoteExecute)
    expect(counted.secondSignIn).toBe(own.secondSignIn)
    expect(counted.refresh).toBe(own.refresh)
  })

  it('what rested on a wrong wallet in the integrator’s records is forgotten once they are right', async () => {
    const r = await harness(isOwnedByWithWalletHook)
    const ada = await flowsOf(r, 'ada')
    const eve = await flowsOf(r, 'eve')
    const challengeEves = () =>
      r.browser(ada.user.name)(`${r.appBase}/auth/credentials/${eve.user.emailCredentialId}/challenge`, {
        method: 'POST',
      })
    wallets.set(ada.user.name, eve.user.accountId) // the integrator's records are wrong: its word is taken
    expect((await challengeEves()).status).toBe(200)
    wallets.set(ada.user.name, ada.user.accountId) // and right again: nothing learned on that word stays
    expect((await challengeEves()).status).toBe(403)
  })

  it('takes accountIds only as a list of ids', async () => {
    const r = await harness((request, _target, { isOwnedBy }) =>
      isOwnedBy(customers.get(request.headers.get(USER_HEADER) ?? '') ?? '', {
        accountIds: wallets.get(request.headers.get(USER_HEADER) ?? '') as unknown as string[],
      }),
    )
    const ada = await flowsOf(r, 'ada')
    const patch = () =>
      r.browser(ada.user.name)(
        `${r.appBase}/internal-accounts/${ada.user.accountId}`,
        json('PATCH', { privateEnabled: true }),
      )
    // A string is not a list of one account (its characters would each pass for an id).
    expect((await patch()).status).toBe(403)
  })

  it('a passkey registered through the relay signs in with no lookup', async () => {
    const r = await harness(isOwnedByHook)
    const { flows, firstSignIn } = await runFlows(r)
    expect(firstSignIn).toBeGreaterThan(0)
    const signIn = await passkeyOf(r, flows.user, flows.key())
    const before = r.upstream.length
    await signIn((path, init) => r.browser(flows.user.name)(`${r.appBase}${path}`, init))
    expect(r.upstream.length - before).toBe(2) // the challenge and the verify, nothing else
  })

  it('a second relay sharing the ownership store costs no lookup for what the first learned', async () => {
    const store = createMemoryOwnershipStore()
    const r = await harness(isOwnedByHook, store)
    const { flows } = await runFlows(r)
    const calls: string[] = []
    const second = createRelay({
      ...r.h.testing.relayOptions,
      prefix: PREFIX,
      authorize: isOwnedByHook,
      ownershipStore: store,
      onError: () => {},
      fetch: (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`)
        return r.h.testing.relayOptions.fetch(request)
      },
    })
    const through = (path: string, init: RequestInit) => {
      const request = new Request(`${r.appBase}${path}`, init)
      request.headers.set(USER_HEADER, flows.user.name)
      return second(request)
    }
    r.h.sandbox.clock.advance(r.h.sandbox.config.challengeIntervalMs)
    const challenge = await through(`/auth/credentials/${flows.user.emailCredentialId}/challenge`, {
      method: 'POST',
    })
    expect(challenge.status).toBe(200)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatch(/^POST .*\/challenge$/)
  })
})
