// What the relay remembers about ownership, against a fake service whose records the test writes:
// only positive answers, only for the customer they were proven for, never from an answer that
// names another account or customer, and a failing store only costs lookups.
import { describe, expect, it } from 'vitest'
import {
  createMemoryOwnershipStore,
  type OwnershipStore,
  type RelayAuthorize,
  type RelayOptions,
} from '../../src/relay/index.js'
import { type FakeWorld, fakeService, json, partyIds, worldOf } from './relayRequests.js'

const ada = partyIds(1)
const bob = partyIds(2)
const WHO = 'X-Who'

/** The hook an integrator writes: `isOwnedBy` of the customer the `X-Who` header names. */
const hook: RelayAuthorize = (request, _target, { isOwnedBy }) => isOwnedBy(request.headers.get(WHO) ?? '')

function relayWith(
  world: FakeWorld,
  options: Partial<RelayOptions> & { answer?: (request: Request) => Response | Promise<Response> } = {},
) {
  const { answer, ...relayOptions } = options
  const service = fakeService(answer, { authorize: hook, world, ...relayOptions })
  const as = async (customerId: string, path: string, init: RequestInit = {}) => {
    const request = new Request(`http://app.test${path}`, init)
    request.headers.set(WHO, customerId)
    const before = service.lookups.length
    const { status } = await service.relay(request)
    return { status, lookups: service.lookups.length - before }
  }
  return { ...service, as }
}

/** The fake service's forwarded answers, by path below the version segment; `{}` otherwise. */
function answering(answers: Record<string, () => Response>) {
  return (request: Request) =>
    answers[new URL(request.url).pathname.replace(/^\/[^/]+/, '')]?.() ?? Response.json({})
}

describe('the ownership the relay remembers', () => {
  it("is kept per customer: Bob's request for Ada's ids is looked up and refused after Ada's were learned", async () => {
    const ownershipStore = createMemoryOwnershipStore()
    const { as } = relayWith(worldOf(ada, bob), { ownershipStore })
    const sessions = `/auth/sessions?accountId=${ada.accountId}`
    expect(await as(ada.customerId, sessions)).toEqual({ status: 200, lookups: 1 })
    expect(await as(ada.customerId, sessions)).toEqual({ status: 200, lookups: 0 })
    expect(await ownershipStore.has(ada.customerId, ada.accountId)).toBe(true)
    expect(await ownershipStore.has(bob.customerId, ada.accountId)).toBe(false)
    const asBob = await as(bob.customerId, sessions)
    expect(asBob.status).toBe(403)
    expect(asBob.lookups).toBeGreaterThan(0)
    expect((await as(bob.customerId, sessions)).status).toBe(403)
  })

  it('learns every credential listed under the account it proved, so the next one costs nothing', async () => {
    const world = worldOf(ada)
    world.credentials = { [ada.accountId]: [ada.credentialId, 'AuthMethod:second'] }
    const { as } = relayWith(world)
    const challenge = (id: string) =>
      as(ada.customerId, `/auth/credentials/${id}/challenge`, json('POST', {}))
    expect(await challenge(ada.credentialId)).toEqual({ status: 200, lookups: 2 })
    expect(await challenge('AuthMethod:second')).toEqual({ status: 200, lookups: 0 })
  })

  it('never keeps a "not owned": a credential that appears later is approved', async () => {
    const world = worldOf(ada)
    const { as } = relayWith(world)
    const later = 'AuthMethod:later'
    const challenge = () => as(ada.customerId, `/auth/credentials/${later}/challenge`, json('POST', {}))
    expect((await challenge()).status).toBe(403)
    world.credentials = { [ada.accountId]: [ada.credentialId, later] }
    expect((await challenge()).status).toBe(200)
  })

  it('plants nothing from an answer naming another account or customer, or from a 202', async () => {
    const ownershipStore = createMemoryOwnershipStore()
    const answers: Record<string, () => Response> = {
      '/auth/credentials': () =>
        Response.json(
          { id: 'AuthMethod:planted', accountId: bob.accountId, type: 'SMS_OTP' },
          { status: 201 },
        ),
      '/auth/sessions': () =>
        Response.json({ data: [{ id: bob.sessionId, accountId: bob.accountId }, { id: 'Session:bare' }] }),
      '/customers/internal-accounts': () =>
        Response.json({
          data: [{ id: bob.accountId, customerId: bob.customerId }, { id: 'InternalAccount:bare' }],
        }),
      '/auth/delegated-keys': () =>
        Response.json({ id: 'DelegatedKey:early', accountId: ada.accountId }, { status: 202 }),
    }
    const { as } = relayWith(worldOf(ada, bob), {
      ownershipStore,
      answer: answering(answers),
    })
    const forwarded = [
      await as(
        ada.customerId,
        '/auth/credentials',
        json('POST', { type: 'SMS_OTP', accountId: ada.accountId }),
      ),
      await as(ada.customerId, `/auth/sessions?accountId=${ada.accountId}`),
      await as(ada.customerId, `/customers/internal-accounts?customerId=${ada.customerId}`),
      await as(
        ada.customerId,
        '/auth/delegated-keys',
        json('POST', { cardId: ada.cardId, internalAccountId: ada.accountId, nickname: 'k' }),
      ),
    ]
    expect(forwarded.map(({ status }) => status)).toEqual([201, 200, 200, 202])
    for (const id of [
      'AuthMethod:planted',
      bob.sessionId,
      'Session:bare',
      bob.accountId,
      'InternalAccount:bare',
      'DelegatedKey:early',
    ]) {
      expect([id, await ownershipStore.has(ada.customerId, id)]).toEqual([id, false])
    }
    expect((await as(ada.customerId, `/auth/sessions/${bob.sessionId}`, { method: 'DELETE' })).status).toBe(
      403,
    )
  })

  it('plants no created quote whose source names another customer, and learns the one drawn on hers', async () => {
    const ownershipStore = createMemoryOwnershipStore()
    // Each source as a created quote's answer could (wrongly) carry it, Ada's own last.
    const sources: [string, Record<string, unknown>][] = [
      ['Quote:actingForBob', { sourceType: 'ACCOUNT', accountId: ada.accountId, customerId: bob.customerId }],
      ['Quote:bobsAccount', { sourceType: 'ACCOUNT', accountId: bob.accountId }],
      ['Quote:bobsFunding', { sourceType: 'REALTIME_FUNDING', customerId: bob.customerId, currency: 'USD' }],
      ['Quote:platformFunding', { sourceType: 'REALTIME_FUNDING', currency: 'USD' }],
      ['Quote:adas', { sourceType: 'ACCOUNT', accountId: ada.accountId, customerId: ada.customerId }],
    ]
    let next = 0
    const { as } = relayWith(worldOf(ada, bob), {
      ownershipStore,
      answer: (request) => {
        if (request.method !== 'POST') return Response.json({})
        const [id, source] = sources[next++] ?? ['', {}]
        return Response.json({ id, source, status: 'PENDING' }, { status: 201 })
      },
    })
    const create = json('POST', {
      source: { sourceType: 'ACCOUNT', accountId: ada.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    })
    for (const [id] of sources) {
      expect([id, (await as(ada.customerId, '/quotes', create)).status]).toEqual([id, 201])
    }
    const learned = await Promise.all(
      sources.map(async ([id]) => [id, await ownershipStore.has(ada.customerId, id)]),
    )
    expect(learned).toEqual(sources.map(([id]) => [id, id === 'Quote:adas']))
    // The world knows none of them: only what was learned is approved without a lookup.
    expect(await as(ada.customerId, '/quotes/Quote:actingForBob')).toEqual({ status: 403, lookups: 1 })
    expect(await as(ada.customerId, '/quotes/Quote:adas')).toEqual({ status: 200, lookups: 0 })
  })

  it('learns a credential created and a session verified on the proven account', async () => {
    const answers: Record<string, () => Response> = {
      '/auth/credentials': () =>
        Response.json({ id: 'AuthMethod:new', accountId: ada.accountId, type: 'SMS_OTP' }, { status: 201 }),
      '/auth/credentials/AuthMethod:new/verify': () =>
        Response.json({ id: 'Session:new', accountId: ada.accountId, type: 'SMS_OTP' }),
    }
    const world = worldOf(ada)
    const { as } = relayWith(world, { answer: answering(answers) })
    const created = await as(
      ada.customerId,
      '/auth/credentials',
      json('POST', { type: 'SMS_OTP', accountId: ada.accountId }),
    )
    expect(created).toEqual({ status: 201, lookups: 1 })
    const verify = json('POST', { type: 'SMS_OTP', encryptedOtpBundle: '{}' })
    expect(await as(ada.customerId, '/auth/credentials/AuthMethod:new/verify', verify)).toEqual({
      status: 200,
      lookups: 0,
    })
    // The session is the customer's for good: one that has ended is the service's to refuse.
    world.sessions = { [ada.accountId]: [] }
    expect(await as(ada.customerId, '/auth/sessions/Session:new', { method: 'DELETE' })).toEqual({
      status: 200,
      lookups: 0,
    })
  })

  it('a failing store costs lookups, not answers, and is reported', async () => {
    const errors: unknown[] = []
    const failing: OwnershipStore = {
      has: () => Promise.reject(new Error('down')),
      add: () => {
        throw new Error('down')
      },
    }
    const { as } = relayWith(worldOf(ada, bob), { ownershipStore: failing, onError: (e) => errors.push(e) })
    const sessions = `/auth/sessions?accountId=${ada.accountId}`
    expect(await as(ada.customerId, sessions)).toEqual({ status: 200, lookups: 1 })
    expect(await as(ada.customerId, sessions)).toEqual({ status: 200, lookups: 1 })
    expect((await as(bob.customerId, sessions)).status).toBe(403)
    expect(errors.length).toBeGreaterThan(0)
  })
})

describe('createMemoryOwnershipStore', () => {
  it('drops the least recently used entry beyond maxEntries', async () => {
    const store = createMemoryOwnershipStore({ maxEntries: 2 })
    await store.add('Customer:a', ['X:1', 'X:2'])
    expect(await store.has('Customer:a', 'X:1')).toBe(true) // X:2 is now the least recently used
    await store.add('Customer:a', ['X:3'])
    expect(await store.has('Customer:a', 'X:2')).toBe(false)
    expect(await store.has('Customer:a', 'X:1')).toBe(true)
    expect(await store.has('Customer:a', 'X:3')).toBe(true)
    expect(await store.has('Customer:b', 'X:3')).toBe(false)
  })
})
