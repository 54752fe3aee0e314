// The browser's Idempotency-Key, scoped by the relay to what the signed-in customer was approved
// for (issue 27): the service keeps the first answer per key for the whole platform, so a key
// forwarded as it is let customer A, sending B's key, get B's quote back and block B's own request.
// Against the sandbox, which keeps first answers per route as the service does.
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import type { SessionKey } from '../../src/keys/sessionKey.js'
import { createRelay } from '../../src/relay/index.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import type { Quote as WireQuote } from '../../src/wire/quote.js'
import { balance, fund } from '../sandbox/harness.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
  USER_HEADER,
} from './relayHarness.js'

type Quote = WireQuote & { source: { accountId?: string } }
type User = TestUser & { key: SessionKey }

const SCOPED_KEY = /^[A-Za-z0-9_-]{43}$/

/** Ada and Bob, each signed in through the relay with a funded wallet (50 USDB). */
async function twoCustomers() {
  const r = await startRelayHarness()
  const signedIn = async (name: string): Promise<User> => {
    const user = await r.addUser(name)
    const { key } = await otpSignInThroughRelay(r, user)
    await fund(r.h, user.accountId, 50_000_000)
    return { ...user, key }
  }
  return { r, ada: await signedIn('ada'), bob: await signedIn('bob') }
}

function quoteBody(r: RelayHarness, user: TestUser, amount = 1_000_000) {
  return {
    source: { sourceType: 'ACCOUNT', accountId: user.accountId },
    destination: {
      destinationType: 'UMA_ADDRESS',
      umaAddress: `$success.usd@${r.h.sandbox.config.umaDomain}`,
    },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  }
}

/** `user`'s page creating a quote through the relay with `key`. */
async function createQuote(r: RelayHarness, user: TestUser, key: string, amount?: number) {
  const response = await r.browser(user.name)(
    `${r.appBase}/quotes`,
    json('POST', quoteBody(r, user, amount), { 'Idempotency-Key': key }),
  )
  const quote = (await response.json()) as Quote
  if (response.status === 201) user.owned.quoteIds.add(quote.id)
  return { status: response.status, quote }
}

/** `user`'s page executing its quote through the relay with `key`, signed by its session key. */
async function execute(r: RelayHarness, user: User, quote: Quote, key: string) {
  const response = await r.browser(user.name)(
    `${r.appBase}/quotes/${quote.id}/execute`,
    json(
      'POST',
      {},
      {
        [WALLET_SIGNATURE_HEADER]: await signed(quote, user),
        'Idempotency-Key': key,
      },
    ),
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The wallet signature over what paying `quote` asks `user`'s wallet to sign. */
async function signed(quote: Quote, user: User): Promise<string> {
  const payloadToSign = quoteWalletPayload(quote)
  if (payloadToSign === undefined) throw new Error(`${quote.id} has nothing to sign`)
  return stamp(payloadToSign, user.key)
}

/** What of `quote` must never reach another customer. */
function secretsOf(quote: Quote, owner: TestUser): string[] {
  return [quote.id, owner.accountId, owner.customerId, String(quoteWalletPayload(quote))]
}

const upstreamKeys = (r: RelayHarness, path: string) =>
  r.upstream
    .filter((call) => call.method === 'POST' && new URL(call.url).pathname.endsWith(path))
    .map((call) => call.headers['idempotency-key'])

describe('POST /quotes with an Idempotency-Key', () => {
  it('never answers A with B’s quote for B’s key: A gets a quote of its own', async () => {
    const { r, ada, bob } = await twoCustomers()
    const key = 'order-1001' // guessable: an order number
    const bobs = await createQuote(r, bob, key, 2_000_000)
    expect(bobs.status).toBe(201)
    const adas = await createQuote(r, ada, key)
    expect(adas.status).toBe(201)
    expect(adas.quote.id).not.toBe(bobs.quote.id)
    expect(adas.quote.source.accountId).toBe(ada.accountId)
    const answered = JSON.stringify(adas.quote)
    for (const secret of secretsOf(bobs.quote, bob)) expect(answered).not.toContain(secret)
    // The service never saw the browser's key, and saw two different ones.
    const [bobsKey, adasKey] = upstreamKeys(r, '/quotes')
    expect(bobsKey).toMatch(SCOPED_KEY)
    expect(adasKey).toMatch(SCOPED_KEY)
    expect(adasKey).not.toBe(bobsKey)
  })

  it('lets B create its quote with its key after A used that key', async () => {
    const { r, ada, bob } = await twoCustomers()
    const key = 'order-1002'
    const adas = await createQuote(r, ada, key)
    expect(adas.status).toBe(201)
    const bobs = await createQuote(r, bob, key, 2_000_000)
    expect(bobs.status).toBe(201)
    expect(bobs.quote.id).not.toBe(adas.quote.id)
    expect(bobs.quote.source.accountId).toBe(bob.accountId)
    expect(bobs.quote.totalSendingAmount).toBe(2_000_000)
  })

  it('answers the same customer’s retry with the same key with the same quote, and another key with a new one', async () => {
    const { r, ada } = await twoCustomers()
    const first = await createQuote(r, ada, 'order-1003')
    const retried = await createQuote(r, ada, 'order-1003')
    expect([first.status, retried.status]).toEqual([201, 201])
    expect(retried.quote).toEqual(first.quote)
    const other = await createQuote(r, ada, 'order-1004')
    expect(other.quote.id).not.toBe(first.quote.id)
  })

  it('sends the same upstream key from another relay instance with the same secret, as after a restart', async () => {
    const { r, ada } = await twoCustomers()
    const first = await createQuote(r, ada, 'order-1005')
    const authorize = (request: Request) => request.headers.get(USER_HEADER) === ada.name
    const restarted = createRelay({ ...r.h.testing.relayOptions, prefix: '/wallet', authorize })
    const headers = { 'Idempotency-Key': 'order-1005', [USER_HEADER]: ada.name }
    const response = await restarted(
      new Request(`${r.appBase}/quotes`, json('POST', quoteBody(r, ada), headers)),
    )
    expect(response.status).toBe(201)
    expect((await response.json()).id).toBe(first.quote.id)
  })
})

describe('POST /quotes/{quoteId}/execute with an Idempotency-Key', () => {
  it('lets B execute with its key after A executed its own quote with it', async () => {
    const { r, ada, bob } = await twoCustomers()
    const key = 'pay-2001'
    const adaQuote = (await createQuote(r, ada, crypto.randomUUID())).quote
    const bobQuote = (await createQuote(r, bob, crypto.randomUUID(), 2_000_000)).quote
    const adas = await execute(r, ada, adaQuote, key)
    expect([adas.status, adas.body.id]).toEqual([200, adaQuote.id])
    const bobs = await execute(r, bob, bobQuote, key)
    expect([bobs.status, bobs.body.id]).toEqual([200, bobQuote.id])
    expect(bobs.body.transactionId).toEqual(expect.any(String))
  })

  it('answers A’s execute with A’s own quote, never B’s, for a key B used first', async () => {
    const { r, ada, bob } = await twoCustomers()
    const key = 'pay-2002'
    const adaQuote = (await createQuote(r, ada, crypto.randomUUID())).quote
    const bobQuote = (await createQuote(r, bob, crypto.randomUUID(), 2_000_000)).quote
    const bobs = await execute(r, bob, bobQuote, key)
    expect(bobs.status).toBe(200)
    const adas = await execute(r, ada, adaQuote, key)
    expect([adas.status, adas.body.id]).toEqual([200, adaQuote.id])
    const answered = JSON.stringify(adas.body)
    for (const secret of [bobQuote.id, bob.accountId, String(bobs.body.transactionId)]) {
      expect(answered).not.toContain(secret)
    }
  })

  it('executes once when the same customer retries with the same key: the retry gets the first answer', async () => {
    const { r, ada } = await twoCustomers()
    const quote = (await createQuote(r, ada, crypto.randomUUID(), 5_000_000)).quote
    const before = await balance(r.h, ada.accountId)
    const first = await execute(r, ada, quote, 'pay-2003')
    const retried = await execute(r, ada, quote, 'pay-2003')
    expect([first.status, retried.status]).toEqual([200, 200])
    expect(retried.body).toEqual(first.body)
    expect(await balance(r.h, ada.accountId)).toBe(before - 5_000_000)
    const [once, again] = upstreamKeys(r, '/execute')
    expect(once).toMatch(SCOPED_KEY)
    expect(again).toBe(once)
    // Without the key, a second execute is a second request: the service refuses it.
    const unkeyed = await r.browser(ada.name)(
      `${r.appBase}/quotes/${quote.id}/execute`,
      json('POST', {}, { [WALLET_SIGNATURE_HEADER]: await signed(quote, ada) }),
    )
    expect(unkeyed.status).toBe(409)
  })
})

describe('the Idempotency-Key header at the relay', () => {
  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a character outside printable ASCII', 'clé-1'],
    ['with a tab', 'a\tb'],
  ])('refuses a key %s with 400 INVALID_INPUT, before the hook and the service', async (_what, key) => {
    const { r, ada } = await twoCustomers()
    const hooked = r.targets.length
    const upstream = r.upstream.length
    const response = await r.browser(ada.name)(
      `${r.appBase}/quotes`,
      json('POST', quoteBody(r, ada), { 'Idempotency-Key': key }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ status: 400, code: 'INVALID_INPUT', message: expect.any(String) })
    expect([r.targets.length, r.upstream.length]).toEqual([hooked, upstream])
  })

  it('takes a 255-character key, and forwards no key when the browser sent none', async () => {
    const { r, ada } = await twoCustomers()
    expect((await createQuote(r, ada, 'k'.repeat(255))).status).toBe(201)
    const response = await r.browser(ada.name)(`${r.appBase}/quotes`, json('POST', quoteBody(r, ada)))
    expect(response.status).toBe(201)
    const [keyed, unkeyed] = upstreamKeys(r, '/quotes')
    expect(keyed).toMatch(SCOPED_KEY)
    expect(unkeyed).toBeUndefined()
  })

  it('scopes the key of a request the relay confirmed itself too', async () => {
    const { r, ada } = await twoCustomers()
    const path = `${r.appBase}/customers/${ada.customerId}`
    const body = { customerType: 'INDIVIDUAL', phoneNumber: '+14155550142' }
    const page = r.browser(ada.name)
    const challenged = await page(path, json('PATCH', body, { 'Idempotency-Key': 'phone-1' }))
    expect(challenged.status).toBe(202)
    const { payloadToSign, requestId } = await challenged.json()
    const confirmed = await page(
      path,
      json('PATCH', body, {
        'Idempotency-Key': 'phone-1',
        'Request-Id': requestId,
        [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, ada.key),
      }),
    )
    expect(confirmed.status).toBe(200)
    const patched = r.upstream.filter((call) => call.method === 'PATCH')
    expect(patched).toHaveLength(1)
    expect(patched[0]?.headers['idempotency-key']).toMatch(SCOPED_KEY)
    expect(patched[0]?.headers['request-id']).toBeUndefined()
  })
})
