// Delegated keys through relay and sandbox, with the ownership check as the README wires it
// (`isOwnedBy` of the signed-in user's customer): the relay reads the card from the sandbox and
// lets a key be made for the customer's own card, and refuses another customer's card before
// anything is forwarded. (The kit's signing fetch throws the refusal as a WalletAuthError.)
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { RelayAuthorize } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { issueCard } from '../sandbox/issueCard.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
  USER_HEADER,
} from './relayHarness.js'

/** The README's hook: the signed-in user (here the test header) must own what the request names. */
function isOwnedByTheUser(users: () => RelayHarness['users']): RelayAuthorize {
  return async (request, _target, { isOwnedBy }) => {
    const owned = users().get(request.headers.get(USER_HEADER) ?? '')
    return owned !== undefined && isOwnedBy(owned.customerId)
  }
}

async function setUp() {
  let users: RelayHarness['users'] = new Map()
  const r = await startRelayHarness({ authorize: isOwnedByTheUser(() => users) })
  users = r.users
  const signedIn = async (name: string) => {
    const user = await r.addUser(name)
    const { key } = await otpSignInThroughRelay(r, user)
    // The integrator's backend issues the card, funded by the wallet.
    const cardId = await issueCard(r.h, { cardholderId: user.customerId, accountId: user.accountId })
    const signed = withWalletSignature(r.browser(name), { getKey: () => key, now: r.h.sandbox.clock.now })
    return { user, cardId, signed }
  }
  return { r, ada: await signedIn('ada'), bob: await signedIn('bob') }
}

const createKey = (r: RelayHarness, signed: typeof fetch, user: TestUser, cardId: string) =>
  signed(
    `${r.appBase}/auth/delegated-keys`,
    json('POST', { cardId, internalAccountId: user.accountId, nickname: 'Card payments' }),
  )

const forwardedCreations = (r: RelayHarness) =>
  r.upstream.filter((call) => call.method === 'POST' && call.url.endsWith('/auth/delegated-keys')).length

describe('delegated keys through relay and sandbox, judged by isOwnedBy', () => {
  it("creates a key for the customer's own card in three signed legs, then revokes it", async () => {
    const { r, ada } = await setUp()
    const created = await createKey(r, ada.signed, ada.user, ada.cardId)
    expect(created.status).toBe(201)
    const key = await created.json()
    expect(key).toMatchObject({ cardId: ada.cardId, accountId: ada.user.accountId, status: 'ACTIVE' })
    // The three legs, each judged and forwarded.
    expect(forwardedCreations(r)).toBe(3)

    const page = r.browser('ada')
    expect((await page(`${r.appBase}/auth/delegated-keys/${key.id}`, { method: 'DELETE' })).status).toBe(204)
    const listed = await page(`${r.appBase}/auth/delegated-keys?accountId=${ada.user.accountId}`)
    expect((await listed.json()).data.map((k: { status: string }) => k.status)).toEqual(['REVOKED'])
  })

  it("reads the customer's own key, and refuses another customer's (403) without forwarding it", async () => {
    const { r, ada, bob } = await setUp()
    const adas = await (await createKey(r, ada.signed, ada.user, ada.cardId)).json()
    const bobs = await (await createKey(r, bob.signed, bob.user, bob.cardId)).json()
    const read = await r.browser('ada')(`${r.appBase}/auth/delegated-keys/${adas.id}`)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({
      id: adas.id,
      cardId: ada.cardId,
      accountId: ada.user.accountId,
    })
    const reads = () =>
      r.upstream.filter((call) => call.url.endsWith(`/auth/delegated-keys/${bobs.id}`)).length
    const refused = await r.browser('ada')(`${r.appBase}/auth/delegated-keys/${bobs.id}`)
    expect(refused.status).toBe(403)
    expect(reads()).toBe(0)
    expect((await r.browser('bob')(`${r.appBase}/auth/delegated-keys/${bobs.id}`)).status).toBe(200)
    // A malformed id is no route: 404 before the hook.
    expect((await r.browser('ada')(`${r.appBase}/auth/delegated-keys/..%2F${adas.id}`)).status).toBe(404)
  })

  it("refuses a key for another customer's card or an unknown card (403) without forwarding it", async () => {
    const { r, ada, bob } = await setUp()
    for (const cardId of [bob.cardId, `Card:${crypto.randomUUID()}`]) {
      const refused = await expectCode(() => createKey(r, ada.signed, ada.user, cardId), 'FORBIDDEN')
      expect([cardId, refused.status]).toEqual([cardId, 403])
    }
    expect(forwardedCreations(r)).toBe(0)
    // Bob's own request for his card goes through: the refusal was about Ada, not the card.
    expect((await createKey(r, bob.signed, bob.user, bob.cardId)).status).toBe(201)
    const bobs = await r.h.call('GET', `/auth/delegated-keys?accountId=${bob.user.accountId}`)
    expect(bobs.body.data).toHaveLength(1)
    const adas = await r.h.call('GET', `/auth/delegated-keys?accountId=${ada.user.accountId}`)
    expect(adas.body.data).toEqual([])
  })

  it("passes the customer's own card that the wallet does not fund to the sandbox, which answers 404", async () => {
    const { r, ada } = await setUp()
    const accounts = await r.h.call(
      'GET',
      `/customers/internal-accounts?customerId=${ada.user.customerId}&currency=USD`,
    )
    const usd = (accounts.body.data as { id: string; type: string }[]).find(
      (a) => a.type !== 'EMBEDDED_WALLET',
    )
    const byUsd = await r.h.call('POST', '/cards', {
      cardholderId: ada.user.customerId,
      form: 'VIRTUAL',
      fundingSources: [usd?.id],
    })
    const refused = await expectCode(
      () => createKey(r, ada.signed, ada.user, byUsd.body.id as string),
      'REFERENCE_NOT_FOUND',
    )
    expect(refused.status).toBe(404)
  })
})
