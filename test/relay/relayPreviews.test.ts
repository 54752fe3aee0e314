// The previews before a quote through the relay, in front of the real sandbox: receiver lookups by
// UMA address (a path parameter that is not an id) and by external account (the customer's own
// only), and exchange rates, which name no one and so are the hook's alone to approve.
import { describe, expect, it } from 'vitest'
import { createRelay, type RelayAuthorize, type RelayTarget } from '../../src/relay/index.js'
import { createExternalAccount } from '../sandbox/harness.js'
import { type RelayHarness, startRelayHarness, USER_HEADER } from './relayHarness.js'

const q = encodeURIComponent

/** Ada and Bob, each with an external account the integrator records as theirs. */
async function twoPayers(r: RelayHarness) {
  const add = async (name: string) => {
    const user = await r.addUser(name)
    const externalAccountId = await createExternalAccount(r.h, user.customerId, '000123456', 'EUR')
    user.owned.externalAccountIds.add(externalAccountId)
    return { ...user, externalAccountId }
  }
  return { ada: await add('ada'), bob: await add('bob') }
}

/** A relay before `r`'s sandbox whose hook is `isOwnedBy(the signed-in user's customer)`. */
function ownershipRelay(r: RelayHarness, customers: Map<string, string>, targets: RelayTarget[] = []) {
  const authorize: RelayAuthorize = async (request, target, { isOwnedBy }) => {
    targets.push(target)
    const customerId = customers.get(request.headers.get(USER_HEADER) ?? '')
    return customerId !== undefined && isOwnedBy(customerId)
  }
  const relay = createRelay({ ...r.h.testing.relayOptions, authorize, onError: () => {} })
  return (as: string, path: string) =>
    relay(new Request(`http://app.test${path}`, { headers: { [USER_HEADER]: as } }))
}

async function reply(response: Response) {
  return { status: response.status, body: await response.json() }
}

describe('receiver lookup by UMA address', () => {
  it('forwards the address encoded in its one segment and shows it to the hook, not as an id', async () => {
    const r = await startRelayHarness()
    const { ada } = await twoPayers(r)
    const address = `$success.mxn@${r.h.sandbox.config.umaDomain}`
    const answer = await reply(
      await r.browser('ada')(`${r.appBase}/receiver/uma/${q(address)}?customerId=${ada.customerId}`),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      receiverUmaAddress: address,
      lookupId: expect.stringMatching(/^Lookup:/),
    })
    expect(r.upstream.at(-1)?.url).toMatch(
      new RegExp(`/receiver/uma/${q(address).replace(/[.$]/g, '\\$&')}\\?customerId=`),
    )
    expect(r.targets.at(-1)).toEqual({
      operation: 'GET /receiver/uma/{receiverUmaAddress}',
      receiverUmaAddress: address,
      customerId: ada.customerId,
      body: undefined,
    })
    // Sent unencoded, the address reaches the same upstream path.
    const raw = await r.browser('ada')(`${r.appBase}/receiver/uma/${address}?customerId=${ada.customerId}`)
    expect(raw.status).toBe(200)
    expect(r.upstream.at(-1)?.url).toBe(r.upstream.at(-2)?.url)
  })

  it('passes a well-formed address with no receiver on to the service’s 404 UMA_NOT_FOUND', async () => {
    const r = await startRelayHarness()
    const { ada } = await twoPayers(r)
    const answer = await reply(
      await r.browser('ada')(
        `${r.appBase}/receiver/uma/${q('$nobody@far.example')}?customerId=${ada.customerId}`,
      ),
    )
    expect(answer).toMatchObject({ status: 404, body: { code: 'UMA_NOT_FOUND' } })
  })

  it.each([
    ['no $', 'alice@uma.example'],
    ['no domain', '$alice'],
    ['two @', '$a@b@c.example'],
    ['a slash once decoded', q('$a/../b@uma.example')],
    ['a space', q('$a b@uma.example')],
    ['bad percent-encoding', '%24alice%E0%A4%A@uma.example'],
    ['a dot segment', '..'],
  ])('refuses a malformed address (%s) with a typed 400, asking no one', async (_why, segment) => {
    const r = await startRelayHarness()
    const { ada } = await twoPayers(r)
    const before = { upstream: r.upstream.length, targets: r.targets.length }
    const response = await r.browser('ada')(
      `${r.appBase}/receiver/uma/${segment}?customerId=${ada.customerId}`,
    )
    // `..` is resolved away by URL parsing before the relay sees it: no route, 404.
    const expected = segment === '..' ? 404 : 400
    expect(await reply(response)).toEqual({
      status: expected,
      body: {
        status: expected,
        code: expected === 400 ? 'INVALID_INPUT' : 'REFERENCE_NOT_FOUND',
        message: expect.any(String),
      },
    })
    expect({ upstream: r.upstream.length, targets: r.targets.length }).toEqual(before)
  })

  it("requires the sender's customerId and refuses senderUmaAddress or another customer", async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoPayers(r)
    const path = `${r.appBase}/receiver/uma/${q(`$success.usd@${r.h.sandbox.config.umaDomain}`)}`
    const page = r.browser('ada')
    expect((await reply(await page(path))).body.code).toBe('INVALID_INPUT')
    const byAddress = await page(
      `${path}?customerId=${ada.customerId}&senderUmaAddress=${q('$bob@x.example')}`,
    )
    expect((await reply(byAddress)).status).toBe(400)
    expect((await page(`${path}?customerId=${bob.customerId}`)).status).toBe(403)
  })
})

describe('receiver lookup by external account', () => {
  it("looks up the customer's own account, and refuses another customer's (integrator records)", async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoPayers(r)
    const page = r.browser('ada')
    const own = await reply(
      await page(
        `${r.appBase}/receiver/external-account/${ada.externalAccountId}?customerId=${ada.customerId}`,
      ),
    )
    expect(own).toMatchObject({ status: 200, body: { accountId: ada.externalAccountId } })
    const before = r.upstream.length
    const theirs = await page(
      `${r.appBase}/receiver/external-account/${bob.externalAccountId}?customerId=${ada.customerId}`,
    )
    expect(theirs.status).toBe(403)
    expect(r.upstream.length).toBe(before)
  })

  it("isOwnedBy reads the account's owner from the service: another's or an unknown one is refused", async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoPayers(r)
    const asUser = ownershipRelay(r, new Map([['ada', ada.customerId]]))
    const path = (accountId: string) => `/receiver/external-account/${accountId}?customerId=${ada.customerId}`
    expect((await asUser('ada', path(ada.externalAccountId))).status).toBe(200)
    expect((await asUser('ada', path(bob.externalAccountId))).status).toBe(403)
    expect((await asUser('ada', path('ExternalAccount:00000000-0000-4000-8000-000000000000'))).status).toBe(
      403,
    )
    // Bob's id beside Bob's customer is refused too: the sender must be the user.
    const asBob = `/receiver/external-account/${bob.externalAccountId}?customerId=${bob.customerId}`
    expect((await asUser('ada', asBob)).status).toBe(403)
  })
})

describe('exchange rates', () => {
  const rates =
    '/exchange-rates?sourceCurrency=USD&destinationCurrency=INR&destinationCurrency=EUR&sendingAmount=2500'

  it('come to the hook naming no one, and are forwarded with the repeated currencies in their order', async () => {
    const r = await startRelayHarness()
    await twoPayers(r)
    const answer = await reply(await r.browser('ada')(`${r.appBase}${rates}`))
    expect(answer.status).toBe(200)
    const data = answer.body.data as Array<{ destinationCurrency: { code: string } }>
    expect(data.map((rate) => rate.destinationCurrency.code)).toEqual(['INR', 'EUR'])
    expect(r.targets.at(-1)).toEqual({ operation: 'GET /exchange-rates', body: undefined })
    expect(new URL(r.upstream.at(-1)?.url ?? '').search).toBe(
      '?sourceCurrency=USD&sendingAmount=2500&destinationCurrency=INR&destinationCurrency=EUR',
    )
  })

  it('are refused to nobody signed in, and by a hook that relies on isOwnedBy alone', async () => {
    const r = await startRelayHarness()
    const { ada } = await twoPayers(r)
    expect((await r.browser()(`${r.appBase}${rates}`)).status).toBe(403)
    const targets: RelayTarget[] = []
    const asUser = ownershipRelay(r, new Map([['ada', ada.customerId]]), targets)
    expect((await asUser('ada', rates)).status).toBe(403)
    expect(targets).toHaveLength(1)
  })

  it.each([
    ['an unknown parameter', '/exchange-rates?customerId=Customer:1'],
    ['a malformed amount', '/exchange-rates?sendingAmount=-1'],
    ['a malformed currency', '/exchange-rates?destinationCurrency=US%20D'],
    ['a repeated source', '/exchange-rates?sourceCurrency=USD&sourceCurrency=EUR'],
    ['too many currencies', `/exchange-rates?${'destinationCurrency=EUR&'.repeat(33)}`],
  ])('refuses %s with 400 INVALID_INPUT before the hook', async (_why, path) => {
    const r = await startRelayHarness()
    await twoPayers(r)
    const before = r.targets.length
    const answer = await reply(await r.browser('ada')(`${r.appBase}${path}`))
    expect(answer).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect(r.targets.length).toBe(before)
  })
})
