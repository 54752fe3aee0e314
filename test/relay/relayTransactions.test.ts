// The customer's transaction history through relay and sandbox: `GET /transactions` names its
// customer (required), takes the contract's filters and cursor paging, is refused for another
// customer, and teaches the relay the transactions it listed, so reading one costs no lookup.
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import type { SessionKey } from '../../src/keys/sessionKey.js'
import { createRelay, type RelayAuthorize } from '../../src/relay/index.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { fund, quoteToUma } from '../sandbox/harness.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
  USER_HEADER,
} from './relayHarness.js'
import { fakeService, partyIds, worldOf } from './relayRequests.js'

type User = TestUser & { key: SessionKey; transactionIds: string[] }
type Page = {
  data: { id: string; customerId: string; type: string }[]
  hasMore: boolean
  nextCursor?: string
}

/**
 * Ada (three payments) and Bob (one), each signed in through the relay and paying through it; each
 * wallet's funding is an incoming transaction of its own.
 */
async function world() {
  const r = await startRelayHarness()
  const paying = async (name: string, payments: number): Promise<User> => {
    const user = await r.addUser(name)
    const { key } = await otpSignInThroughRelay(r, user)
    await fund(r.h, user.accountId, 50_000_000)
    const transactionIds: string[] = []
    for (let n = 0; n < payments; n++) {
      const quote = await quoteToUma(r.h, user.accountId, `$success.usd@${r.h.sandbox.config.umaDomain}`, {
        lockedCurrencyAmount: 1_000_000,
      })
      user.owned.quoteIds.add(quote.id)
      const payloadToSign = quoteWalletPayload(quote) as string
      const executed = await r.browser(name)(
        `${r.appBase}/quotes/${quote.id}/execute`,
        json('POST', {}, { [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key) }),
      )
      expect(executed.status).toBe(200)
      transactionIds.push((await executed.json()).transactionId)
    }
    return { ...user, key, transactionIds }
  }
  return { r, ada: await paying('ada', 3), bob: await paying('bob', 1) }
}

const list = async (r: RelayHarness, as: string, query: string) => {
  const response = await r.browser(as)(`${r.appBase}/transactions${query}`)
  return { status: response.status, body: (await response.json()) as Page & { code?: string } }
}

describe('GET /transactions through the relay', () => {
  it("lists the customer's own transactions only, page by page with the cursor", async () => {
    const { r, ada, bob } = await world()
    const seen: string[] = []
    let query = `?customerId=${ada.customerId}&limit=2`
    for (let page = 0; page < 5; page++) {
      const { status, body } = await list(r, 'ada', query)
      expect(status).toBe(200)
      for (const item of body.data) expect(item.customerId).toBe(ada.customerId)
      seen.push(...body.data.map((item) => item.id))
      if (!body.hasMore) break
      query = `?customerId=${ada.customerId}&limit=2&cursor=${body.nextCursor}`
    }
    // Her three payments and her wallet's funding: what the sandbox lists for her, in one page.
    const all = await r.h.call('GET', `/transactions?customerId=${ada.customerId}&limit=100`)
    const hers = (all.body.data as Page['data']).map((item) => item.id)
    expect(hers).toHaveLength(4)
    expect(hers).toEqual(expect.arrayContaining(ada.transactionIds))
    expect(seen.sort()).toEqual(hers.sort())
    expect(seen).not.toContain(bob.transactionIds[0])
  })

  it('forwards the contract’s filters as checked, and the service applies them', async () => {
    const { r, ada } = await world()
    const filters = new URLSearchParams({
      customerId: ada.customerId,
      type: 'OUTGOING',
      status: 'PROCESSING',
      reference: 'rent',
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2100-01-01T00:00:00.000+02:00',
      limit: '100',
      sortOrder: 'asc',
    })
    const outgoing = await list(r, 'ada', `?${filters}`)
    expect(outgoing.status).toBe(200)
    expect(new URL(r.upstream.at(-1)?.url ?? '').search).toBe(`?${filters}`)
    const incoming = await list(r, 'ada', `?customerId=${ada.customerId}&type=INCOMING`)
    expect(incoming.status).toBe(200)
    expect(incoming.body.data.map((item) => item.type)).toEqual(['INCOMING'])
    const sent = await list(r, 'ada', `?customerId=${ada.customerId}&type=OUTGOING`)
    expect(sent.body.data.map((item) => item.id).sort()).toEqual([...ada.transactionIds].sort())
  })

  it("refuses another customer's list (403) without forwarding it", async () => {
    const { r, ada } = await world()
    const before = r.upstream.length
    const refused = await list(r, 'bob', `?customerId=${ada.customerId}`)
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN'])
    expect((await list(r, 'mallory', `?customerId=${ada.customerId}`)).status).toBe(403)
    expect(r.upstream.length).toBe(before)
  })

  it.each([
    ['no customer (the platform’s every transaction)', ''],
    ['no customer, another filter only', '?type=OUTGOING'],
    ['a page of 0', '&limit=0'],
    ['a page of 101', '&limit=101'],
    ['an unknown status', '&status=SETTLED'],
    ['card transactions (not a type the filter takes)', '&type=CARD'],
    ['a start date that is not a date-time', '&startDate=2026-01-01'],
    ['an empty cursor', '&cursor='],
    ['a sort order the contract does not define', '&sortOrder=newest'],
    ['the platform’s own customer id', '&platformCustomerId=user-1'],
    ['an account identifier', '&accountIdentifier=%24ada%40uma.example'],
    ['the customer twice', '&customerId=Customer:other'],
  ])('refuses %s with 400 INVALID_INPUT before the hook', async (_what, extra) => {
    const { relay, seen, lookups } = fakeService()
    const customerId = partyIds(1).customerId
    const query = extra.startsWith('&') ? `?customerId=${customerId}${extra}` : extra
    const response = await relay(new Request(`http://app.test/transactions${query}`))
    expect(await response.json()).toEqual({ status: 400, code: 'INVALID_INPUT', message: expect.any(String) })
    expect([seen.length, lookups.length]).toEqual([0, 0])
  })
})

describe('what a transaction list teaches isOwnedBy', () => {
  /** A relay with the backend guide's hook: `isOwnedBy(customer, { accountIds: [wallet] })`. */
  function guideRelay(r: RelayHarness, users: User[]) {
    const calls: string[] = []
    const authorize: RelayAuthorize = async (request, _target, { isOwnedBy }) => {
      const user = users.find((candidate) => candidate.name === request.headers.get(USER_HEADER))
      return user !== undefined && isOwnedBy(user.customerId, { accountIds: [user.accountId] })
    }
    const relay = createRelay({
      ...r.h.testing.relayOptions,
      authorize,
      onError: () => {},
      fetch: (request) => {
        const url = new URL(request.url)
        calls.push(`${request.method} ${url.pathname.replace(/^\/[^/]+/, '')}`)
        return r.h.testing.relayOptions.fetch(request)
      },
    })
    const get = (as: string, path: string) =>
      relay(new Request(`http://app.test${path}`, { headers: { [USER_HEADER]: as } }))
    return { get, calls }
  }

  it('reads a listed transaction without a lookup, and another customer’s is still refused', async () => {
    const { r, ada, bob } = await world()
    const { get, calls } = guideRelay(r, [ada, bob])
    const [transactionId] = ada.transactionIds
    expect((await get('ada', `/transactions?customerId=${ada.customerId}`)).status).toBe(200)
    calls.length = 0
    expect((await get('ada', `/transactions/${transactionId}`)).status).toBe(200)
    // Only the forwarded read: the list proved it Ada's.
    expect(calls).toEqual([`GET /transactions/${transactionId}`])
    calls.length = 0
    expect((await get('ada', `/transactions/${bob.transactionIds[0]}`)).status).toBe(403)
  })

  it("plants nothing from a list answer that names another customer's transaction", async () => {
    const ada = partyIds(1)
    const bob = partyIds(2)
    const world = worldOf(ada, bob)
    const bobs = world.transactions?.[bob.transactionId]
    // A list for Ada that (wrongly) carries Bob's transaction, and one of Ada's paid from Bob's account.
    const stray = { ...bobs, id: 'Transaction:stray', customerId: ada.customerId }
    const answer = () => Response.json({ data: [bobs, stray], hasMore: false })
    const authorize: RelayAuthorize = (_request, _target, { isOwnedBy }) =>
      isOwnedBy(ada.customerId, { accountIds: [ada.accountId] })
    const { relay, lookups } = fakeService(answer, { world, authorize })
    expect(
      (await relay(new Request(`http://app.test/transactions?customerId=${ada.customerId}`))).status,
    ).toBe(200)
    for (const id of [bob.transactionId, 'Transaction:stray']) {
      lookups.length = 0
      expect((await relay(new Request(`http://app.test/transactions/${id}`))).status).toBe(403)
      expect(lookups).toContain(`/transactions/${id}`)
    }
  })
})
