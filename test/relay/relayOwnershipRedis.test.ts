// The relay's ownership memory shared in a real Redis (redis-server started here): what one relay
// instance learned saves another its lookups, entries carry their TTL, and an unreachable or
// silent Redis is a quick typed error.
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisOwnershipStore, type RelayAuthorize } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { type RedisServer, startRedisServer } from './redisServer.js'
import { fakeService, partyIds, worldOf } from './relayRequests.js'

const ada = partyIds(1)
const bob = partyIds(2)
const hook: RelayAuthorize = (request, _target, { isOwnedBy }) =>
  isOwnedBy(request.headers.get('X-Who') ?? '')

describe('createRedisOwnershipStore', () => {
  let server: RedisServer
  let client: ReturnType<typeof createClient>
  beforeAll(async () => {
    server = await startRedisServer()
    client = createClient({ url: server.url })
    client.on('error', () => {})
    await client.connect()
  })
  afterAll(async () => {
    client?.destroy()
    await server?.stop()
  })

  it('shares what one relay instance learned with another, per customer, with a TTL', async () => {
    const keyPrefix = `test:${crypto.randomUUID()}:`
    const ttlMs = 60_000
    const instance = () =>
      fakeService(undefined, {
        authorize: hook,
        world: worldOf(ada, bob),
        ownershipStore: createRedisOwnershipStore({ client, keyPrefix, ttlMs }),
      })
    const [first, second] = [instance(), instance()]
    const ask = async (service: ReturnType<typeof instance>, customerId: string) => {
      const before = service.lookups.length
      const request = new Request(`http://app.test/auth/sessions?accountId=${ada.accountId}`)
      request.headers.set('X-Who', customerId)
      const { status } = await service.relay(request)
      return { status, lookups: service.lookups.length - before }
    }
    expect(await ask(first, ada.customerId)).toEqual({ status: 200, lookups: 1 })
    expect(await ask(second, ada.customerId)).toEqual({ status: 200, lookups: 0 })
    const refused = await ask(second, bob.customerId)
    expect(refused.status).toBe(403)
    expect(refused.lookups).toBeGreaterThan(0)
    const ttl = await client.pTTL(`${keyPrefix}${ada.customerId} ${ada.accountId}`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(ttlMs)
  })

  it('reports a failing or silent client as OWNERSHIP_STORE_UNAVAILABLE, and refuses a client without get and set', async () => {
    const failing = createRedisOwnershipStore({
      client: {
        set: async () => Promise.reject(new Error('READONLY')),
        get: async () => Promise.reject(new Error('x')),
      },
    })
    await expectCode(() => failing.add('Customer:a', ['X:1']), 'OWNERSHIP_STORE_UNAVAILABLE')
    await expectCode(() => failing.has('Customer:a', 'X:1'), 'OWNERSHIP_STORE_UNAVAILABLE')
    const silent = createRedisOwnershipStore({
      client: { set: () => new Promise(() => {}), get: () => new Promise(() => {}) },
      timeoutMs: 50,
    })
    await expectCode(() => silent.has('Customer:a', 'X:1'), 'OWNERSHIP_STORE_UNAVAILABLE')
    await expectCode(() => createRedisOwnershipStore({ client: {} as never }), 'INVALID_ARGUMENT')
  })
})
