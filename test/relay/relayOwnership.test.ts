// isOwnedBy judged against a fake service whose records the test writes: every kind of id, and
// quotes and transactions by the fields the service acts on (the source of the money, the
// transaction's own customer), never by an id the service merely echoes back.
import { describe, expect, it } from 'vitest'
import type { RelayAuthorize } from '../../src/relay/index.js'
import { everyRequest, type FakeWorld, fakeService, json, partyIds, worldOf } from './relayRequests.js'

const ada = partyIds(1)
const bob = partyIds(2)

/** A relay whose hook is `isOwnedBy(customerId)`, in front of a fake service holding `world`. */
function ownedBy(customerId: string, world: FakeWorld) {
  const authorize: RelayAuthorize = (_request, _target, { isOwnedBy }) => isOwnedBy(customerId)
  return fakeService(undefined, { authorize, world })
}

async function status(relay: (request: Request) => Promise<Response>, path: string, init: RequestInit = {}) {
  return (await relay(new Request(`http://app.test${path}`, init))).status
}

describe('isOwnedBy on every operation', () => {
  it("approves the customer's own ids and refuses another's, for each operation", async () => {
    const { relay } = ownedBy(ada.customerId, worldOf(ada, bob))
    for (const [operation, path, init] of everyRequest(ada)) {
      expect([operation, await status(relay, path, init)]).toEqual([operation, 200])
    }
    for (const [operation, path, init] of everyRequest(bob)) {
      expect([operation, await status(relay, path, init)]).toEqual([operation, 403])
    }
  })

  it('refuses ids the service does not know', async () => {
    const { relay } = ownedBy(ada.customerId, worldOf(ada))
    for (const [operation, path, init] of everyRequest(partyIds(3))) {
      expect([operation, await status(relay, path, init)]).toEqual([operation, 403])
    }
  })

  it('finds an account on a later page of the customer’s account list', async () => {
    const world = worldOf(ada)
    world.accounts = { [ada.customerId]: ['InternalAccount:a', 'InternalAccount:b', ada.accountId] }
    world.accountPageSize = 1
    const { relay, lookups } = ownedBy(ada.customerId, world)
    expect(await status(relay, `/auth/sessions?accountId=${ada.accountId}`)).toBe(200)
    expect(lookups).toEqual([
      `/customers/internal-accounts?customerId=${encodeURIComponent(ada.customerId)}&limit=100`,
      `/customers/internal-accounts?customerId=${encodeURIComponent(ada.customerId)}&limit=100&cursor=1`,
      `/customers/internal-accounts?customerId=${encodeURIComponent(ada.customerId)}&limit=100&cursor=2`,
    ])
  })

  it('judges a card by its cardholder', async () => {
    const world = worldOf(ada, bob)
    // Bob's card drawing on Ada's account is still Bob's card.
    world.cards = {
      [bob.cardId]: { id: bob.cardId, cardholderId: bob.customerId, fundingSources: [ada.accountId] },
    }
    const { relay } = ownedBy(ada.customerId, world)
    const body = { cardId: bob.cardId, internalAccountId: ada.accountId, nickname: 'k' }
    expect(await status(relay, '/auth/delegated-keys', json('POST', body))).toBe(403)
  })
})

describe('quotes, by the source the service draws on', () => {
  const quoteWorld = (source: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const world = worldOf(ada, bob)
    world.quotes = { 'Quote:q': { id: 'Quote:q', source, ...extra } }
    return world
  }
  const read = async (customerId: string, world: FakeWorld) =>
    status(ownedBy(customerId, world).relay, '/quotes/Quote:q')

  it('a real-time-funding quote belongs to its source.customerId only', async () => {
    const world = quoteWorld({ sourceType: 'REALTIME_FUNDING', customerId: ada.customerId, currency: 'USD' })
    expect(await read(ada.customerId, world)).toBe(200)
    expect(await read(bob.customerId, world)).toBe(403)
  })

  it('a real-time-funding quote without a customer is the platform’s, nobody’s here', async () => {
    const world = quoteWorld(
      { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
      { customerId: ada.customerId },
    )
    expect(await read(ada.customerId, world)).toBe(403)
  })

  it('an account quote belongs to the owner of its source account, whatever else it echoes', async () => {
    const echoed = quoteWorld(
      { sourceType: 'ACCOUNT', accountId: bob.accountId },
      { customerId: ada.customerId },
    )
    expect(await read(ada.customerId, echoed)).toBe(403)
    expect(await read(bob.customerId, echoed)).toBe(200)
    const acting = quoteWorld({ sourceType: 'ACCOUNT', accountId: ada.accountId, customerId: bob.customerId })
    expect(await read(ada.customerId, acting)).toBe(403)
    expect(await read(bob.customerId, acting)).toBe(403)
  })

  it('a source of a kind it does not know belongs to nobody', async () => {
    const world = quoteWorld({
      sourceType: 'UMA_ADDRESS',
      umaAddress: '$ada@uma.example',
      customerId: ada.customerId,
    })
    expect(await read(ada.customerId, world)).toBe(403)
  })

  it('execute, authorize and resend are judged like the read', async () => {
    const world = quoteWorld({ sourceType: 'REALTIME_FUNDING', customerId: ada.customerId, currency: 'EUR' })
    for (const [path, init] of [
      ['/quotes/Quote:q/execute', json('POST', {})],
      ['/quotes/Quote:q/authorize', json('POST', { code: '123456' })],
      ['/quotes/Quote:q/authorize/resend', { method: 'POST' }],
    ] as const) {
      expect(await status(ownedBy(ada.customerId, world).relay, path, init)).toBe(200)
      expect(await status(ownedBy(bob.customerId, world).relay, path, init)).toBe(403)
    }
  })
})

describe('transactions, by their customer and the account the money moves on', () => {
  const read = async (customerId: string, transaction: Record<string, unknown>) => {
    const world = worldOf(ada, bob)
    world.transactions = { 'Transaction:t': { id: 'Transaction:t', ...transaction } }
    return status(ownedBy(customerId, world).relay, '/transactions/Transaction:t')
  }
  const uma = { destinationType: 'UMA_ADDRESS', umaAddress: '$carol@uma.example' }

  it('an outgoing payment from the customer’s account is the customer’s', async () => {
    const sent = {
      type: 'OUTGOING',
      customerId: ada.customerId,
      source: { sourceType: 'ACCOUNT', accountId: ada.accountId },
      destination: uma,
    }
    expect(await read(ada.customerId, sent)).toBe(200)
    expect(await read(bob.customerId, sent)).toBe(403)
  })

  it('an outgoing payment from another customer’s account is not, whatever customerId it names', async () => {
    const sent = {
      type: 'OUTGOING',
      customerId: ada.customerId,
      source: { sourceType: 'ACCOUNT', accountId: bob.accountId },
      destination: uma,
    }
    expect(await read(ada.customerId, sent)).toBe(403)
  })

  it('a funded payment follows source.customerId', async () => {
    const sent = {
      type: 'OUTGOING',
      customerId: ada.customerId,
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: ada.customerId },
      destination: uma,
    }
    expect(await read(ada.customerId, sent)).toBe(200)
    expect(
      await read(ada.customerId, { ...sent, source: { ...sent.source, customerId: bob.customerId } }),
    ).toBe(403)
  })

  it('an incoming payment into the customer’s account is the customer’s', async () => {
    const received = {
      type: 'INCOMING',
      customerId: ada.customerId,
      source: { sourceType: 'UMA_ADDRESS', umaAddress: '$carol@uma.example' },
      destination: { destinationType: 'ACCOUNT', accountId: ada.accountId },
    }
    expect(await read(ada.customerId, received)).toBe(200)
    expect(await read(bob.customerId, received)).toBe(403)
    const intoBob = { ...received, destination: { destinationType: 'ACCOUNT', accountId: bob.accountId } }
    expect(await read(ada.customerId, intoBob)).toBe(403)
  })

  it('a transaction without its customer, or of a kind the flows do not use, is nobody’s', async () => {
    const source = { sourceType: 'ACCOUNT', accountId: ada.accountId }
    expect(await read(ada.customerId, { type: 'OUTGOING', source, destination: uma })).toBe(403)
    expect(
      await read(ada.customerId, { type: 'CARD', customerId: ada.customerId, source, destination: uma }),
    ).toBe(403)
  })
})
