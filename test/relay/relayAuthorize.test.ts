// The integrator's hook: what the relay resolves for it, and that another user's account,
// credential, session, quote or transaction is refused (403), as is everything without a hook.
import { describe, expect, it } from 'vitest'
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

/** Ada and Bob, each signed in once and with one executed quote; the integrator knows their ids. */
async function twoUsers(r: RelayHarness) {
  const setUp = async (name: string) => {
    const user = await r.addUser(name)
    const { key, metadata } = await otpSignInThroughRelay(r, user)
    await fund(r.h, user.accountId, 50_000)
    const quote = await quoteToUma(r.h, user.accountId, `$success.usd@${r.h.sandbox.config.umaDomain}`)
    user.owned.quoteIds.add(quote.id)
    const payloadToSign = quote.paymentInstructions?.[0]?.accountOrWalletInfo.payloadToSign as string
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
    const transactionId = (await executed.json()).transactionId as string | undefined
    const transactions = await r.h.call('GET', `/transactions?quoteId=${quote.id}`)
    const transaction = (transactionId ?? (transactions.body.data as { id: string }[])[0]?.id) as string
    user.owned.transactionIds.add(transaction)
    return { user, sessionId: metadata.sessionId as string, quoteId: quote.id, transactionId: transaction }
  }
  return { ada: await setUp('ada'), bob: await setUp('bob') }
}

type Party = Awaited<ReturnType<typeof twoUsers>>['ada']

/** One request of each kind against `of`'s resources, as `as` would send it. */
function requests(r: RelayHarness, of: Party): [string, string, RequestInit][] {
  const { user, sessionId, quoteId, transactionId } = of
  const u: TestUser = user
  return [
    ['account', `/internal-accounts/${u.accountId}`, { method: 'GET' }],
    ['account privacy', `/internal-accounts/${u.accountId}`, json('PATCH', { privacy: 'PRIVATE' })],
    [
      'account export',
      `/internal-accounts/${u.accountId}/export`,
      json('POST', { clientPublicKey: '02'.padEnd(66, '1') }),
    ],
    ['credential list', `/auth/credentials?accountId=${u.accountId}`, { method: 'GET' }],
    ['credential challenge', `/auth/credentials/${u.emailCredentialId}/challenge`, { method: 'POST' }],
    [
      'credential verify',
      `/auth/credentials/${u.emailCredentialId}/verify`,
      json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle: '{}' }),
    ],
    ['credential revoke', `/auth/credentials/${u.emailCredentialId}`, { method: 'DELETE' }],
    [
      'credential create',
      '/auth/credentials',
      json('POST', { type: 'SMS_OTP', accountId: u.accountId, phoneNumber: '+15555550100' }),
    ],
    ['session list', `/auth/sessions?accountId=${u.accountId}`, { method: 'GET' }],
    ['session revoke', `/auth/sessions/${sessionId}`, { method: 'DELETE' }],
    [
      'session refresh',
      `/auth/sessions/${sessionId}/refresh`,
      json('POST', { clientPublicKey: '02'.padEnd(66, '1') }),
    ],
    ['quote read', `/quotes/${quoteId}`, { method: 'GET' }],
    ['quote authorize', `/quotes/${quoteId}/authorize`, json('POST', { otpCode: '123456' })],
    ['quote execute', `/quotes/${quoteId}/execute`, json('POST', {})],
    [
      'quote create',
      '/quotes',
      json('POST', {
        source: { sourceType: 'ACCOUNT', accountId: u.accountId },
        destination: {
          destinationType: 'UMA_ADDRESS',
          umaAddress: `$success.usd@${r.h.sandbox.config.umaDomain}`,
        },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      }),
    ],
    ['transaction', `/transactions/${transactionId}`, { method: 'GET' }],
    ['customer', `/customers/${u.customerId}`, { method: 'GET' }],
    ['customer accounts', `/customers/internal-accounts?customerId=${u.customerId}`, { method: 'GET' }],
  ]
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
  it("refuses every kind of request for another user's account, credential, session, quote or transaction", async () => {
    const r = await startRelayHarness()
    const { bob } = await twoUsers(r)
    await expectForbidden(r, 'ada', requests(r, bob))
  })

  it('refuses a request from nobody signed in, and lets the owner through', async () => {
    const r = await startRelayHarness()
    const { ada } = await twoUsers(r)
    await expectForbidden(r, undefined, requests(r, ada))
    await expectForbidden(r, 'mallory', requests(r, ada))
    const page = r.browser('ada')
    for (const [name, path, init] of requests(r, ada)) {
      const response = await page(`${r.appBase}${path}`, init)
      expect([name, response.status === 403]).toEqual([name, false])
    }
  })

  it('refuses a quote paid from another user’s account even when the rest is the user’s own', async () => {
    const r = await startRelayHarness()
    const { ada, bob } = await twoUsers(r)
    const response = await r.browser('ada')(
      `${r.appBase}/quotes`,
      json('POST', {
        customerId: ada.user.customerId,
        source: { sourceType: 'ACCOUNT', accountId: bob.user.accountId },
        destination: {
          destinationType: 'UMA_ADDRESS',
          umaAddress: `$success.usd@${r.h.sandbox.config.umaDomain}`,
        },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      }),
    )
    expect(response.status).toBe(403)
  })

  it('hands the hook the ids it resolved from path, query and body', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const page = r.browser('ada')
    await page(`${r.appBase}/auth/credentials/${ada.emailCredentialId}/challenge`, { method: 'POST' })
    await page(`${r.appBase}/customers/internal-accounts?customerId=${ada.customerId}&type=EMBEDDED_WALLET`)
    await page(
      `${r.appBase}/auth/credentials`,
      json('POST', { type: 'SMS_OTP', accountId: ada.accountId, phoneNumber: '+15555550100' }),
    )
    await page(
      `${r.appBase}/quotes`,
      json('POST', {
        customerId: ada.customerId,
        source: { sourceType: 'ACCOUNT', accountId: ada.accountId },
      }),
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
        body: { type: 'SMS_OTP', accountId: ada.accountId, phoneNumber: '+15555550100' },
      },
      {
        operation: 'POST /quotes',
        customerId: ada.customerId,
        accountId: ada.accountId,
        body: { customerId: ada.customerId, source: { sourceType: 'ACCOUNT', accountId: ada.accountId } },
      },
    ])
  })
})

describe('without a hook, or with one that fails', () => {
  it('refuses everything when there is no hook, even the owner', async () => {
    const r = await startRelayHarness({ authorize: undefined as unknown as RelayAuthorize })
    const ada = await r.addUser('ada')
    const own: Party = {
      user: ada,
      sessionId: 'Session:1',
      quoteId: 'Quote:1',
      transactionId: 'Transaction:1',
    }
    await expectForbidden(r, 'ada', requests(r, own))
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
    const response = await r.browser('ada')(`${r.appBase}/internal-accounts/${ada.accountId}`)
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
      expect((await r.browser('ada')(`${r.appBase}/internal-accounts/${ada.accountId}`)).status).toBe(403)
    }
  })
})

describe('isOwnedBy: resolving ids through the service', () => {
  it("approves the customer's own ids and refuses another customer's, for every kind", async () => {
    const customers = new Map<string, string>()
    const authorize: RelayAuthorize = async (request, _target, { isOwnedBy }) => {
      const customerId = customers.get(request.headers.get(USER_HEADER) ?? '')
      return customerId !== undefined && isOwnedBy(customerId)
    }
    const r = await startRelayHarness()
    const { ada, bob } = await twoUsers(r)
    const relay = createRelay({
      baseUrl: r.h.base,
      clientId: r.h.sandbox.clientId,
      clientSecret: r.h.sandbox.clientSecret,
      authorize,
      fetch: r.h.sandbox.fetch,
      onError: () => {},
    })
    customers.set('ada', ada.user.customerId)
    const asAda = (path: string, init: RequestInit) =>
      relay(
        new Request(`http://app.test${path}`, {
          ...init,
          headers: { ...(init.headers as object), [USER_HEADER]: 'ada' },
        }),
      )
    for (const [name, path, init] of requests(r, bob)) {
      expect([name, (await asAda(path, init)).status]).toEqual([name, 403])
    }
    for (const [name, path, init] of requests(r, ada)) {
      expect([name, (await asAda(path, init)).status === 403]).toEqual([name, false])
    }
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
