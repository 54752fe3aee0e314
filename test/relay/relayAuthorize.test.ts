// The integrator's hook: what the relay resolves for it, and that another user's account,
// credential, session, delegated key, card, quote or transaction is refused (403), as is
// everything without a hook. Ownership is decided from the fields the service acts on: a quote's
// source, never an id the service ignores and echoes back.
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { createRelay, type RelayAuthorize } from '../../src/relay/index.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { createExternalAccount, fund, quoteToUma } from '../sandbox/harness.js'
import { issueCard } from '../sandbox/issueCard.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
  USER_HEADER,
} from './relayHarness.js'
import { everyRequest, type PartyIds } from './relayRequests.js'

/** Ada and Bob, each signed in once and with one executed quote; the integrator knows their ids. */
async function twoUsers(r: RelayHarness) {
  const setUp = async (name: string) => {
    const user = await r.addUser(name)
    const { key, metadata } = await otpSignInThroughRelay(r, user)
    // The wallet holds USDB (6 decimals): 50 and 10 of it.
    await fund(r.h, user.accountId, 50_000_000)
    const quote = await quoteToUma(r.h, user.accountId, umaAddress(r), { lockedCurrencyAmount: 10_000_000 })
    user.owned.quoteIds.add(quote.id)
    const payloadToSign = quoteWalletPayload(quote) as string
    const executed = await r.browser(name)(
      `${r.appBase}/quotes/${quote.id}/execute`,
      json(
        'POST',
        {},
        {
          [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key),
          'Idempotency-Key': crypto.randomUUID(),
        },
      ),
    )
    expect(executed.status).toBe(200)
    const read = await r.h.call('GET', `/quotes/${quote.id}`)
    const transactionId = read.body.transactionId as string
    user.owned.transactionIds.add(transactionId)
    // The integrator issued the user a card funded by the wallet; the wallet delegates signing for
    // it through the relay, three signed legs.
    const cardId = await issueCard(r.h, { cardholderId: user.customerId, accountId: user.accountId })
    user.owned.cardIds.add(cardId)
    const signed = withWalletSignature(r.browser(name), { getKey: () => key, now: r.h.sandbox.clock.now })
    const delegated = await signed(
      `${r.appBase}/auth/delegated-keys`,
      json('POST', { cardId, internalAccountId: user.accountId, nickname: 'Card payments' }),
    )
    expect(delegated.status).toBe(201)
    const delegatedKeyId = (await delegated.json()).id as string
    user.owned.delegatedKeyIds.add(delegatedKeyId)
    // A bank account the user pays out to, recorded as the user's by the integrator.
    const externalAccountId = await createExternalAccount(r.h, user.customerId, '000123456', 'EUR')
    user.owned.externalAccountIds.add(externalAccountId)
    const ids: PartyIds = {
      externalAccountId,
      customerId: user.customerId,
      accountId: user.accountId,
      credentialId: user.emailCredentialId,
      sessionId: metadata.sessionId as string,
      quoteId: quote.id,
      transactionId,
      delegatedKeyId,
      cardId,
    }
    return { user, ids }
  }
  return { ada: await setUp('ada'), bob: await setUp('bob') }
}

function umaAddress(r: RelayHarness): string {
  return `$success.usd@${r.h.sandbox.config.umaDomain}`
}

/** A real-time-funding quote body: the only owner it names is `source.customerId`. */
function fundingQuote(r: RelayHarness, customerId?: string) {
  return {
    source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', ...(customerId ? { customerId } : {}) },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: umaAddress(r) },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1000,
  }
}

async function expectForbidden(
  r: RelayHarness,
  as: string | undefined,
  list: [string, string, RequestInit][],
) {
  const page = r.browser(as)
  const before = r.upstream.length
  for (const [name, path, init] of list) {
    const response = await page(`${r.appBase}${path}`, init)
    expect([name, response.status], name).toEqual([name, 403])
    expect(await response.json()).toEqual({ status: 403, code: 'FORBIDDEN', message: expect.any(String) })
  }
  // Nothing reached the service: a refusal costs no upstream call.
  expect(r.upstream.length).toBe(before)
}

describe('the authorize hook with the integrator’s own records', () => {
  it("refuses every operation on another user's account, credential, session, delegated key, card, quote or transaction", async () => {
    const r = await startRelayHarness()
    const { bob } = await twoUsers(r)
    await expectForbidden(r, 'ada', everyRequest(bob.ids, umaAddress(r)))
  })

  it('refuses a request from nobody signed in, and lets the owner through', async () => {
    const r = await startRelayHarness()
    const { ada } = await twoUsers(r)
    const all = { partyless: true }
    await expectForbidden(r, undefined, everyRequest(ada.ids, umaAddress(r), all))
    await expectForbidden(r, 'mallory', everyRequest(ada.ids, umaAddress(r), all))
    const page = r.browser('ada')
    for (const [name, path, init] of everyRequest(ada.ids, umaAddress(r))) {
      const response = await page(`${r.appBase}${path}`, init)
      expect([name, response.status === 403]).toEqual([name, false])
    }
  })

  it('refuses a quote paid from another user’s account even when it names the user as its customer', async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoUsers(r)
    const before = r.upstream.length
    const response = await r.browser('ada')(
      `${r.appBase}/quotes`,
      json('POST', {
        source: { sourceType: 'ACCOUNT', accountId: bob.ids.accountId, customerId: ada.ids.customerId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: umaAddress(r) },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      }),
    )
    expect(response.status).toBe(403)
    expect(r.upstream.length).toBe(before)
  })

  it('lets a real-time-funding quote through for the customer it names, and refuses it for another', async () => {
    const r = await startRelayHarness()
    const { ada } = await twoUsers(r)
    const created = await r.browser('ada')(
      `${r.appBase}/quotes`,
      json('POST', fundingQuote(r, ada.ids.customerId)),
    )
    expect([201, 202]).toContain(created.status)
    const quote = await created.json()
    expect(quote.source.customerId).toBe(ada.ids.customerId)
    expect(r.targets.at(-1)).toMatchObject({ operation: 'POST /quotes', customerId: ada.ids.customerId })
    expect(r.targets.at(-1)?.accountId).toBeUndefined()
    await expectForbidden(r, 'bob', [
      ['Ada’s funding quote', '/quotes', json('POST', fundingQuote(r, ada.ids.customerId))],
    ])
    // A quote for nobody is the platform's own: refused before any hook.
    const forNobody = await r.browser('ada')(`${r.appBase}/quotes`, json('POST', fundingQuote(r)))
    expect(await forNobody.json()).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
  })

  it('hands the hook the ids it resolved from path, query and the body fields the service acts on', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const page = r.browser('ada')
    const delegated = { cardId: 'Card:1', internalAccountId: ada.accountId, nickname: 'Card payments' }
    const quote = {
      source: { sourceType: 'ACCOUNT', accountId: ada.accountId, customerId: ada.customerId },
      destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:1' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    }
    await page(`${r.appBase}/auth/credentials/${ada.emailCredentialId}/challenge`, { method: 'POST' })
    await page(`${r.appBase}/customers/internal-accounts?customerId=${ada.customerId}&type=EMBEDDED_WALLET`)
    await page(`${r.appBase}/auth/credentials`, json('POST', { type: 'SMS_OTP', accountId: ada.accountId }))
    await page(`${r.appBase}/auth/delegated-keys`, json('POST', delegated))
    await page(`${r.appBase}/quotes`, json('POST', quote))
    await page(
      `${r.appBase}/customers/${ada.customerId}`,
      json('PATCH', { customerType: 'INDIVIDUAL', phoneNumber: '+14155550100' }),
    )
    expect(r.targets).toEqual([
      {
        operation: 'POST /auth/credentials/{credentialId}/challenge',
        credentialId: ada.emailCredentialId,
        body: undefined,
      },
      { operation: 'GET /customers/internal-accounts', customerId: ada.customerId, body: undefined },
      {
        operation: 'POST /auth/credentials',
        accountId: ada.accountId,
        body: { type: 'SMS_OTP', accountId: ada.accountId },
      },
      { operation: 'POST /auth/delegated-keys', accountId: ada.accountId, cardId: 'Card:1', body: delegated },
      { operation: 'POST /quotes', accountId: ada.accountId, customerId: ada.customerId, body: quote },
      {
        operation: 'PATCH /customers/{customerId}',
        customerId: ada.customerId,
        body: { customerType: 'INDIVIDUAL', phoneNumber: '+14155550100' },
      },
    ])
  })
})

describe('without a hook, or with one that fails', () => {
  it('refuses everything when there is no hook, even the owner', async () => {
    const r = await startRelayHarness({ authorize: undefined as unknown as RelayAuthorize })
    const ada: TestUser = await r.addUser('ada')
    const own: PartyIds = {
      customerId: ada.customerId,
      accountId: ada.accountId,
      credentialId: ada.emailCredentialId,
      sessionId: 'Session:1',
      quoteId: 'Quote:1',
      transactionId: 'Transaction:1',
      delegatedKeyId: 'DelegatedKey:1',
      cardId: 'Card:1',
      externalAccountId: 'ExternalAccount:1',
    }
    await expectForbidden(r, 'ada', everyRequest(own, undefined, { partyless: true }))
  })

  it('refuses (403) when the hook throws, says nothing of the error, and reports it to onError', async () => {
    const errors: unknown[] = []
    const r = await startRelayHarness({
      authorize: () => {
        throw new Error('database password is hunter2')
      },
      onError: (error) => errors.push(error),
    })
    const ada = await r.addUser('ada')
    const response = await r.browser('ada')(`${r.appBase}/auth/sessions?accountId=${ada.accountId}`)
    expect(response.status).toBe(403)
    expect(await response.text()).not.toContain('hunter2')
    expect(errors).toHaveLength(1)
  })

  it('approves only on true: a truthy value or a rejected promise is a refusal', async () => {
    for (const authorize of [
      () => 'yes' as unknown as boolean,
      () => 1 as unknown as boolean,
      () => Promise.reject(new Error('x')),
    ]) {
      const r = await startRelayHarness({ authorize })
      const ada = await r.addUser('ada')
      expect((await r.browser('ada')(`${r.appBase}/auth/sessions?accountId=${ada.accountId}`)).status).toBe(
        403,
      )
    }
  })
})

describe('isOwnedBy against the sandbox', () => {
  /** A relay whose hook is `isOwnedBy(the signed-in user's customer)`, in front of `r`'s sandbox. */
  function ownershipRelay(r: RelayHarness, customers: Map<string, string>) {
    const authorize: RelayAuthorize = async (request, _target, { isOwnedBy }) => {
      const customerId = customers.get(request.headers.get(USER_HEADER) ?? '')
      return customerId !== undefined && isOwnedBy(customerId)
    }
    const relay = createRelay({
      baseUrl: r.h.base,
      clientId: r.h.sandbox.clientId,
      clientSecret: r.h.sandbox.clientSecret,
      authorize,
      fetch: r.h.sandbox.fetch,
      onError: () => {},
    })
    return (as: string, path: string, init: RequestInit) =>
      relay(
        new Request(`http://app.test${path}`, {
          ...init,
          headers: { ...(init.headers as object), [USER_HEADER]: as },
        }),
      )
  }

  it("approves the customer's own ids and refuses another customer's, for every operation", async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoUsers(r)
    const asUser = ownershipRelay(r, new Map([['ada', ada.ids.customerId]]))
    for (const [name, path, init] of everyRequest(bob.ids, umaAddress(r))) {
      expect([name, (await asUser('ada', path, init)).status]).toEqual([name, 403])
    }
    for (const [name, path, init] of everyRequest(ada.ids, umaAddress(r))) {
      expect([name, (await asUser('ada', path, init)).status === 403]).toEqual([name, false])
    }
  })

  it('judges a real-time-funding quote by its source.customerId', async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoUsers(r)
    const asUser = ownershipRelay(
      r,
      new Map([
        ['ada', ada.ids.customerId],
        ['bob', bob.ids.customerId],
      ]),
    )
    const created = await asUser('ada', '/quotes', json('POST', fundingQuote(r, ada.ids.customerId)))
    expect([201, 202]).toContain(created.status)
    const quoteId = (await created.json()).id as string
    expect((await asUser('bob', '/quotes', json('POST', fundingQuote(r, ada.ids.customerId)))).status).toBe(
      403,
    )
    expect((await asUser('ada', `/quotes/${quoteId}`, { method: 'GET' })).status).toBe(200)
    expect((await asUser('bob', `/quotes/${quoteId}`, { method: 'GET' })).status).toBe(403)
    const resend = await asUser('bob', `/quotes/${quoteId}/authorize/resend`, { method: 'POST' })
    expect(resend.status).toBe(403)
  })

  it('refuses an unknown id and an ill-formed customer id', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const seen: boolean[] = []
    const relay = createRelay({
      baseUrl: r.h.base,
      clientId: r.h.sandbox.clientId,
      clientSecret: r.h.sandbox.clientSecret,
      fetch: r.h.sandbox.fetch,
      authorize: async (_request, _target, { isOwnedBy }) => {
        seen.push(await isOwnedBy('Customer:../x'))
        return isOwnedBy(ada.customerId)
      },
    })
    const unknown = await relay(
      new Request('http://app.test/quotes/Quote:00000000-0000-4000-8000-000000000000'),
    )
    expect(unknown.status).toBe(403)
    expect(seen).toEqual([false])
  })
})
