// Which upstream Idempotency-Key a browser's key becomes: the same for the same customer's same
// request on any relay instance holding the same secret, another for anything else (another
// customer, even one sharing the account; another route or quote; another secret).
import { describe, expect, it } from 'vitest'
import type { RelayAuthorize } from '../../src/relay/index.js'
import { fakeService, json, partyIds, worldOf } from './relayRequests.js'

const ada = partyIds(1)
const bob = partyIds(2)

/** The Idempotency-Key the service got for `path`, sent with the browser's key `key`. */
async function upstreamKey(
  path: string,
  init: RequestInit,
  options: Parameters<typeof fakeService>[1] = {},
): Promise<string | null | undefined> {
  const { relay, seen } = fakeService(undefined, options)
  const headers = { ...(init.headers as Record<string, string>), 'Idempotency-Key': 'order-7' }
  const response = await relay(new Request(`http://app.test${path}`, { ...init, headers }))
  expect(response.status).toBe(200)
  return seen.at(-1)?.headers.get('Idempotency-Key')
}

const execute = (quoteId: string) => [`/quotes/${quoteId}/execute`, json('POST', {})] as const
const ownedBy =
  (customerId: string): RelayAuthorize =>
  (_request, _target, { isOwnedBy }) =>
    isOwnedBy(customerId)

describe('the upstream Idempotency-Key', () => {
  it('is the same for the same request on two relays with the same secret', async () => {
    const first = await upstreamKey(...execute(ada.quoteId))
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await upstreamKey(...execute(ada.quoteId))).toBe(first)
  })

  it('differs with another secret, another quote or another route', async () => {
    const first = await upstreamKey(...execute(ada.quoteId))
    const keys = [
      first,
      await upstreamKey(...execute(ada.quoteId), { clientSecret: 'another-secret' }),
      await upstreamKey(...execute(bob.quoteId)),
      await upstreamKey(`/quotes/${ada.quoteId}/authorize/resend`, { method: 'POST' }),
    ]
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('differs for two customers approved for one shared account by isOwnedBy', async () => {
    const world = worldOf(ada, bob)
    world.accounts = { [ada.customerId]: [ada.accountId], [bob.customerId]: [ada.accountId] }
    const quote = json('POST', {
      source: { sourceType: 'ACCOUNT', accountId: ada.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    })
    const asAda = await upstreamKey('/quotes', quote, { world, authorize: ownedBy(ada.customerId) })
    const asBob = await upstreamKey('/quotes', quote, { world, authorize: ownedBy(bob.customerId) })
    expect(asAda).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(asBob).not.toBe(asAda)
    expect(await upstreamKey('/quotes', quote, { world, authorize: ownedBy(ada.customerId) })).toBe(asAda)
  })
})
