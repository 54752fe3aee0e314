// Passkey registration behind a load balancer: two relays, each with its own challenge checker and
// Redis connection, share one real Redis (redis-server started here). A registration runs across
// both, one challenge is used once when both race for it, and an outage is a quick typed error.
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WalletAuthError } from '../../src/errors.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import {
  type ChallengeStore,
  createMemoryChallengeStore,
  createPasskeyRegistrationOptions,
  createRedisChallengeStore,
  createRelay,
  type Relay,
} from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import { type RedisServer, startRedisServer } from './redisServer.js'
import {
  json,
  otpSignInThroughRelay,
  ownsEverything,
  PREFIX,
  startRelayHarness,
  USER_HEADER,
} from './relayHarness.js'

const clients: { destroy(): void }[] = []

/** A connected client of `server`, as an integrator configures one (defaults, an error listener). */
async function connect(server: RedisServer) {
  const client = createClient({ url: server.url })
  client.on('error', () => {})
  await client.connect()
  clients.push(client)
  return client
}

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy()
})

function passkeyOptions(store: ChallengeStore) {
  return createPasskeyRegistrationOptions({
    rpName: 'Test Wallet',
    rpId: 'localhost',
    origins: ['http://localhost:5173'],
    store,
  })
}

/**
 * The sandbox behind two relays (instances A and B), each checking registrations with its own
 * `stores[i]`, and a page whose requests a load balancer sends to A, B, A, … in turn.
 */
async function twoInstances(stores: [ChallengeStore, ChallengeStore]) {
  const passkeys = stores.map(passkeyOptions)
  const r = await startRelayHarness({ passkeyRegistration: passkeys[0] })
  const errors: unknown[] = []
  const second = createRelay({
    baseUrl: r.h.base,
    clientId: r.h.sandbox.clientId,
    clientSecret: r.h.sandbox.clientSecret,
    prefix: PREFIX,
    authorize: ownsEverything(r.users),
    fetch: (request) => r.h.sandbox.fetch(request),
    passkeyRegistration: passkeys[1],
    onError: (error) => errors.push(error),
  })
  const instances: Relay[] = [r.relay, second]
  const page = (instance: Relay | 'balanced', user: string): typeof fetch => {
    let turn = 0
    return async (input, init) => {
      const request = new Request(input, init)
      request.headers.set(USER_HEADER, user)
      const relay = instance === 'balanced' ? (instances[turn++ % 2] as Relay) : instance
      return relay(request)
    }
  }
  const ada = await r.addUser('ada')
  const { key } = await otpSignInThroughRelay(r, ada)
  const { rpId, origins } = r.h.sandbox.config
  const signed = (fetch: typeof globalThis.fetch) =>
    withWalletSignature(fetch, { getKey: () => key, now: r.h.sandbox.clock.now })
  // The answer, or the refusal the signed fetch threw for it.
  const register = async (fetch: typeof globalThis.fetch, body: Record<string, unknown>) => {
    try {
      const response = await signed(fetch)(`${r.appBase}/auth/credentials`, json('POST', body))
      return { status: response.status, body: await response.json() }
    } catch (error) {
      const { status, code, details } = error as WalletAuthError
      return { status, body: { code, details } }
    }
  }
  const bodyFor = async (challenge: string) => ({
    type: 'PASSKEY',
    accountId: ada.accountId,
    challenge,
    nickname: 'Laptop',
    attestation: (await softwareAuthenticator(rpId, origins[0] as string)).register(challenge),
  })
  const issue = (instance: 0 | 1) =>
    passkeys[instance]?.options({ id: 'user-ada', name: 'ada@example.com', accountId: ada.accountId })
  return { r, ada, instances, second, errors, page, register, bodyFor, issue }
}

describe('passkey registration on two relays sharing one Redis', () => {
  let server: RedisServer
  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  const redisStores = async (): Promise<[ChallengeStore, ChallengeStore]> => [
    createRedisChallengeStore({ client: await connect(server) }),
    createRedisChallengeStore({ client: await connect(server) }),
  ]

  it('completes a registration across instances: options from A, first POST on B (202), signed retry on A (201)', async () => {
    const { r, page, register, bodyFor, issue, instances } = await twoInstances(await redisStores())
    const optionsJSON = await issue(0)
    const body = await bodyFor(optionsJSON?.challenge as string)
    const balanced = page('balanced', 'ada')
    await balanced(`${r.appBase}/nothing-here`) // the next request goes to B
    const before = r.replies.length
    const created = await register(balanced, body)
    expect(created).toMatchObject({ status: 201, body: { type: 'PASSKEY', accountId: body.accountId } })
    // A logged the signed retry only: the first POST (and its 202) went through B.
    expect(r.replies.slice(before).map((reply) => reply.status)).toEqual([201])

    for (const instance of instances) {
      expect(await register(page(instance, 'ada'), body)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_REGISTRATION', details: { reason: 'UNKNOWN_CHALLENGE' } },
      })
    }
  })

  it('fails across instances with the default memory store (why the option exists)', async () => {
    const { second, page, register, bodyFor, issue } = await twoInstances([
      createMemoryChallengeStore(),
      createMemoryChallengeStore(),
    ])
    const body = await bodyFor((await issue(0))?.challenge as string)
    expect(await register(page(second, 'ada'), body)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REGISTRATION', details: { reason: 'UNKNOWN_CHALLENGE' } },
    })
  })

  it('uses a challenge once when both instances race for it with two attestations', async () => {
    const { r, second, page, register, bodyFor, issue } = await twoInstances(await redisStores())
    for (let round = 0; round < 3; round++) {
      const challenge = (await issue(round % 2 === 0 ? 0 : 1))?.challenge as string
      const [onA, onB] = await Promise.all([bodyFor(challenge), bodyFor(challenge)])
      const results = await Promise.all([
        register(page(r.relay, 'ada'), onA),
        register(page(second, 'ada'), onB),
      ])
      expect(results.map((result) => result.status).sort()).toEqual([201, 400])
      expect(results.find((result) => result.status === 400)?.body).toMatchObject({
        code: 'INVALID_REGISTRATION',
        details: { reason: 'UNKNOWN_CHALLENGE' },
      })
    }
  })

  it('takes a key once among many concurrent takes on two connections, and lets entries expire', async () => {
    const [one, two] = [await connect(server), await connect(server)]
    const stores = [createRedisChallengeStore({ client: one }), createRedisChallengeStore({ client: two })]
    await stores[0]?.put('race', 'value', 60_000)
    expect(await one.get('embedded-wallet-auth:passkey-challenge:race')).toBe('value')
    const taken = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (stores[i % 2] as ChallengeStore).take('race')),
    )
    expect(taken.filter((value) => value !== undefined)).toEqual(['value'])

    const prefixed = createRedisChallengeStore({ client: one, keyPrefix: 'tenant-a:' })
    await prefixed.put('short', 'soon gone', 50)
    expect(await one.pTTL('tenant-a:short')).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(await prefixed.take('short')).toBeUndefined()
  })
})

describe('a Redis outage', () => {
  let server: RedisServer | undefined
  afterAll(async () => {
    await server?.stop()
  })

  it('is a quick CHALLENGE_STORE_UNAVAILABLE from the store and a 503 from the relay, not a hang', async () => {
    server = await startRedisServer()
    const timeoutMs = 300
    const stores: [ChallengeStore, ChallengeStore] = [
      createRedisChallengeStore({ client: await connect(server), timeoutMs }),
      createRedisChallengeStore({ client: await connect(server), timeoutMs }),
    ]
    const { r, second, errors, page, register, bodyFor, issue } = await twoInstances(stores)
    const body = await bodyFor((await issue(0))?.challenge as string)
    await server.stop()

    let started = Date.now()
    const error = await expectCode(() => stores[1].take('anything'), 'CHALLENGE_STORE_UNAVAILABLE')
    expect(error.status).toBe(503)
    expect(Date.now() - started).toBeLessThan(timeoutMs + 1000)
    await expectCode(() => issue(1), 'CHALLENGE_STORE_UNAVAILABLE')

    const upstream = r.upstream.length
    started = Date.now()
    expect(await register(page(second, 'ada'), body)).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE' },
    })
    expect(Date.now() - started).toBeLessThan(timeoutMs + 1000)
    expect(r.upstream.length).toBe(upstream) // nothing reached the service
    expect(errors).toContainEqual(expect.objectContaining({ code: 'CHALLENGE_STORE_UNAVAILABLE' }))
  })
})

describe('createRedisChallengeStore', () => {
  it('refuses a client without set and getDel, and a timeout that is not positive', async () => {
    expect(() => createRedisChallengeStore({ client: {} as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    )
    const client = { set: async () => 'OK', getDel: async () => null }
    expect(() => createRedisChallengeStore({ client, timeoutMs: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    )
  })

  it('reports a failing or silent client as CHALLENGE_STORE_UNAVAILABLE', async () => {
    const failing = createRedisChallengeStore({
      client: { set: async () => Promise.reject(new Error('READONLY')), getDel: async () => 42 },
    })
    await expectCode(() => failing.put('k', 'v', 1000), 'CHALLENGE_STORE_UNAVAILABLE')
    await expectCode(() => failing.take('k'), 'CHALLENGE_STORE_UNAVAILABLE')
    const silent = createRedisChallengeStore({
      client: { set: () => new Promise(() => {}), getDel: () => new Promise(() => {}) },
      timeoutMs: 50,
    })
    await expectCode(() => silent.take('k'), 'CHALLENGE_STORE_UNAVAILABLE')
  })
})

describe('createMemoryChallengeStore', () => {
  it('takes once, expires entries and keeps at most maxEntries', async () => {
    let time = 0
    const store = createMemoryChallengeStore({ maxEntries: 2, now: () => time })
    await store.put('a', '1', 1000)
    expect(await Promise.all([store.take('a'), store.take('a')])).toEqual(['1', undefined])
    await store.put('b', '2', 1000)
    await store.put('c', '3', 1000)
    await store.put('d', '4', 1000)
    expect(await store.take('b')).toBeUndefined()
    time += 1000
    expect(await store.take('c')).toBeUndefined()
    await expectCode(() => createMemoryChallengeStore({ maxEntries: 0 }), 'INVALID_ARGUMENT')
  })
})

describe('createPasskeyRegistrationOptions with a store of its own', () => {
  it('reports any store failure as CHALLENGE_STORE_UNAVAILABLE and refuses a store without put and take', async () => {
    const broken: ChallengeStore = {
      put: async () => Promise.reject(new Error('disk full')),
      take: async () => Promise.reject(new Error('disk full')),
    }
    const error = await expectCode(
      () => passkeyOptions(broken).options({ name: 'ada' }),
      'CHALLENGE_STORE_UNAVAILABLE',
    )
    expect(error.status).toBe(503)
    await expectCode(() => passkeyOptions(broken).consume('anything'), 'CHALLENGE_STORE_UNAVAILABLE')
    await expectCode(() => passkeyOptions({} as ChallengeStore), 'INVALID_ARGUMENT')
  })
})
