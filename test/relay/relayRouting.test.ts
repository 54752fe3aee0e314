// What the relay forwards, where, and with which headers: the allow-list and its 404s, the mount
// prefix, path and query handling, the request and response header filters, and its own refusals.
// Bodies and queries checked against each operation's rule: relayValidation.test.ts.
import { describe, expect, it } from 'vitest'
import { createRelay, RELAY_OPERATIONS, type RelayOperation } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { startRelayHarness } from './relayHarness.js'
import { everyRequest, fakeService, json, partyIds } from './relayRequests.js'

const ID = 'InternalAccount:00000000-0000-4000-8000-000000000001'
const party = partyIds(1)

describe('the allow-list', () => {
  it('is exactly the routes of the client flows on the service', () => {
    expect([...RELAY_OPERATIONS].sort()).toEqual(
      [
        'DELETE /auth/credentials/{credentialId}',
        'DELETE /auth/delegated-keys/{delegatedKeyId}',
        'DELETE /auth/sessions/{sessionId}',
        'GET /auth/delegated-keys/{delegatedKeyId}',
        'GET /transactions',
        'GET /receiver/uma/{receiverUmaAddress}',
        'GET /receiver/external-account/{externalAccountId}',
        'GET /exchange-rates',
        'POST /sca/factors/reset',
        'GET /sca/factors/reset/{resetId}',
        'POST /sca/factors/reset/{resetId}/complete',
        'GET /auth/credentials',
        'GET /auth/delegated-keys',
        'GET /auth/sessions',
        'GET /customers/internal-accounts',
        'GET /customers/{customerId}',
        'GET /quotes/{quoteId}',
        'GET /transactions/{transactionId}',
        'POST /transactions/{transactionId}/approve',
        'POST /transactions/{transactionId}/reject',
        'PATCH /customers/{customerId}',
        'PATCH /internal-accounts/{accountId}',
        'POST /auth/credentials',
        'POST /auth/credentials/{credentialId}/challenge',
        'POST /auth/credentials/{credentialId}/verify',
        'POST /auth/delegated-keys',
        'POST /auth/sessions/{sessionId}/refresh',
        'POST /internal-accounts/{accountId}/export',
        'POST /quotes',
        'POST /quotes/{quoteId}/authorize',
        'POST /quotes/{quoteId}/authorize/resend',
        'POST /quotes/{quoteId}/execute',
        'POST /customers/{customerId}/verify-email',
        'POST /customers/{customerId}/verify-email/confirm',
        'POST /customers/{customerId}/verify-phone',
        'POST /customers/{customerId}/verify-phone/confirm',
        'GET /sca/factors',
        'POST /sca/factors',
        'POST /sca/factors/confirm',
        'DELETE /sca/factors/{scaCredentialId}',
        'POST /sca/login/start',
        'POST /sca/login/complete',
        'POST /customers/external-accounts/{externalAccountId}/trust',
        'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
        'POST /customers/external-accounts/{externalAccountId}/untrust',
        'POST /customers/external-accounts/{externalAccountId}/untrust/confirm',
      ].sort(),
    )
  })

  it.each([
    // Not routes of the service: an account is read through the customer's account list.
    ['GET', `/internal-accounts/${ID}`],
    // Service routes no browser flow uses.
    ['POST', '/customers'],
    ['DELETE', '/customers/Customer:1'],
    ['GET', '/quotes'],
    ['GET', '/platform/internal-accounts'],
    ['DELETE', '/sca/factors/reset/ScaReset:1'],
    ['POST', '/customers/external-accounts'],
    ['POST', '/transfer-out'],
    ['POST', '/sandbox/internal-accounts/X/fund'],
    ['GET', '/cards/Card:1'],
    // Malformed or near misses.
    ['PUT', '/auth/credentials'],
    ['HEAD', '/quotes/Quote:1'],
    ['GET', '/auth/credentials/'],
    ['GET', '/quotes/Quote:1/extra'],
    ['GET', '/quotes/Quote%2F..%2Fsandbox'],
    ['GET', '/quotes/%2e%2e'],
    ['GET', '//auth/credentials'],
  ])('refuses %s %s with 404 REFERENCE_NOT_FOUND, without calling the service', async (method, path) => {
    const { relay, seen, lookups } = fakeService()
    const response = await relay(new Request(`http://app.test${path}`, { method }))
    expect(response.status).toBe(404)
    if (method !== 'HEAD') {
      expect(await response.json()).toEqual({
        status: 404,
        code: 'REFERENCE_NOT_FOUND',
        message: expect.any(String),
      })
    }
    expect([seen.length, lookups.length]).toEqual([0, 0])
  })

  it('forwards each operation to the same path under baseUrl, with its method, query and body bytes', async () => {
    const { relay, seen } = fakeService()
    for (const [operation, path, init] of everyRequest(party, undefined, { partyless: true })) {
      const response = await relay(new Request(`http://app.test${path}`, init))
      expect([operation, response.status]).toEqual([operation, 200])
      const forwarded = seen.at(-1)
      // The query goes on in its canonical encoding (`:` as `%3A`).
      const [pathname, query] = path.split('?')
      const canonical = query === undefined ? pathname : `${pathname}?${new URLSearchParams(query)}`
      expect(forwarded?.url, operation).toBe(`https://service.test/2025-10-13${canonical}`)
      expect(forwarded?.method, operation).toBe(init.method)
      expect(await forwarded?.text(), operation).toBe(init.body ?? '')
    }
    expect(seen).toHaveLength(RELAY_OPERATIONS.length)
  })

  it('is narrowed by `allow`, never extended', async () => {
    const narrow = fakeService(undefined, { allow: ['GET /quotes/{quoteId}'] })
    expect((await narrow.relay(new Request('http://app.test/quotes/Quote:1'))).status).toBe(200)
    expect((await narrow.relay(new Request('http://app.test/transactions/Transaction:1'))).status).toBe(404)
    const base = {
      baseUrl: 'https://service.test/v',
      clientId: 'c',
      clientSecret: 's',
      authorize: () => true,
    }
    for (const extra of [
      'DELETE /customers/{customerId}',
      'GET /internal-accounts/{accountId}',
      'GET /quotes',
    ]) {
      await expectCode(
        () => createRelay({ ...base, allow: [...RELAY_OPERATIONS, extra as RelayOperation] }),
        'INVALID_ARGUMENT',
      )
    }
  })

  it('refuses a malformed allow entry or option when created', async () => {
    const base = {
      baseUrl: 'https://service.test/v',
      clientId: 'c',
      clientSecret: 's',
      authorize: () => true,
    }
    for (const allow of [['GET /x/{userId}'], ['FETCH /x'], ['GET x'], ['GET /a b']]) {
      await expectCode(() => createRelay({ ...base, allow: allow as RelayOperation[] }), 'INVALID_ARGUMENT')
    }
    await expectCode(() => createRelay({ ...base, prefix: 'wallet' }), 'INVALID_ARGUMENT')
    await expectCode(() => createRelay({ ...base, prefix: '/wallet/' }), 'INVALID_ARGUMENT')
    await expectCode(() => createRelay({ ...base, baseUrl: 'not a url' }), 'INVALID_ARGUMENT')
    await expectCode(
      () => createRelay({ ...base, baseUrl: 'https://u:p@service.test/v' }),
      'INVALID_ARGUMENT',
    )
    await expectCode(() => createRelay({ ...base, clientSecret: '' }), 'INVALID_ARGUMENT')
  })
})

describe('paths, prefix and query', () => {
  it('mounts in Hono with the documented one-liner', async () => {
    const { Hono } = await import('hono')
    const { relay, seen } = fakeService(undefined, { prefix: '/wallet' })
    const app = new Hono()
    app.all('/wallet/*', (c) => relay(c.req.raw))
    const response = await app.request('/wallet/quotes/Quote:1')
    expect(response.status).toBe(200)
    expect(seen[0]?.url).toBe('https://service.test/2025-10-13/quotes/Quote:1')
  })

  it('strips the prefix and only answers under it', async () => {
    const { relay, seen } = fakeService(undefined, { prefix: '/api/wallet' })
    expect((await relay(new Request('http://app.test/api/wallet/quotes/Quote:1'))).status).toBe(200)
    expect(seen[0]?.url).toBe('https://service.test/2025-10-13/quotes/Quote:1')
    for (const path of ['/quotes/Quote:1', '/api/walletquotes/Quote:1', '/api/wallet', '/api/wallet/']) {
      expect((await relay(new Request(`http://app.test${path}`))).status, path).toBe(404)
    }
  })

  it('decodes ids in the path and forwards the canonical path, and only the query parameters the operation defines', async () => {
    const targets: unknown[] = []
    const { relay, seen } = fakeService(undefined, {
      authorize: (_request, target) => targets.push(target) > 0,
    })
    await relay(new Request('http://app.test/auth/credentials?accountId=InternalAccount%3A1'))
    await relay(new Request('http://app.test/auth/credentials/AuthMethod%3A1/challenge', { method: 'POST' }))
    await relay(
      new Request(
        'http://app.test/customers/internal-accounts?limit=100&type=EMBEDDED_WALLET&customerId=Customer%3A1&cursor=a%20b',
      ),
    )
    await relay(
      new Request(
        'http://app.test/auth/delegated-keys?fundingSourceId=CardFundingSource:1&accountId=InternalAccount:1',
      ),
    )
    expect(seen.map((request) => request.url)).toEqual([
      'https://service.test/2025-10-13/auth/credentials?accountId=InternalAccount%3A1',
      'https://service.test/2025-10-13/auth/credentials/AuthMethod:1/challenge',
      'https://service.test/2025-10-13/customers/internal-accounts?customerId=Customer%3A1&type=EMBEDDED_WALLET&limit=100&cursor=a+b',
      'https://service.test/2025-10-13/auth/delegated-keys?accountId=InternalAccount%3A1&fundingSourceId=CardFundingSource%3A1',
    ])
    expect(targets).toEqual([
      { operation: 'GET /auth/credentials', accountId: 'InternalAccount:1', body: undefined },
      {
        operation: 'POST /auth/credentials/{credentialId}/challenge',
        credentialId: 'AuthMethod:1',
        body: undefined,
      },
      { operation: 'GET /customers/internal-accounts', customerId: 'Customer:1', body: undefined },
      { operation: 'GET /auth/delegated-keys', accountId: 'InternalAccount:1', body: undefined },
    ])
  })

  it('refuses a body over maxBodyBytes with 413, declared or streamed', async () => {
    const { relay, seen } = fakeService(undefined, { maxBodyBytes: 100 })
    const big = JSON.stringify({ type: 'SMS_OTP', accountId: ID, pad: 'x'.repeat(200) })
    expect(
      (await relay(new Request('http://app.test/auth/credentials', { method: 'POST', body: big }))).status,
    ).toBe(413)
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const streamed = await relay(
      new Request('http://app.test/auth/credentials', {
        method: 'POST',
        body: stream,
        duplex: 'half',
      } as RequestInit),
    )
    expect(await streamed.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
    expect(seen).toHaveLength(0)
  })
})

describe('headers', () => {
  it('forwards only Content-Type, Accept, the signature, Request-Id, a scoped Idempotency-Key and its own Basic', async () => {
    const { relay, seen } = fakeService()
    await relay(
      new Request(`http://app.test/quotes/Quote:1/execute`, {
        method: 'POST',
        body: '{}',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Service-Wallet-Signature': 'stamp',
          'Request-Id': 'Request:1',
          'Idempotency-Key': 'key-1',
          Authorization: 'Basic ZXZpbDpldmls',
          Cookie: 'session=abc',
          Origin: 'https://app.test',
          'X-Forwarded-For': '10.0.0.1',
          'X-Test-User': 'ada',
          Connection: 'keep-alive',
        },
      }),
    )
    expect(Object.fromEntries(seen[0]?.headers ?? [])).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'service-wallet-signature': 'stamp',
      'request-id': 'Request:1',
      // Not the browser's key: one scoped to the operation and what the hook approved.
      'idempotency-key': expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      authorization: `Basic ${btoa('client:secret-value')}`,
    })
  })

  it('forwards a renamed signature header instead of the default one', async () => {
    const { relay, seen } = fakeService(undefined, { headerName: 'Acme-Wallet-Signature' })
    await relay(
      new Request('http://app.test/quotes/Quote:1/execute', {
        method: 'POST',
        headers: { 'Acme-Wallet-Signature': 'a', 'Service-Wallet-Signature': 'b' },
      }),
    )
    expect(seen[0]?.headers.get('Acme-Wallet-Signature')).toBe('a')
    expect(seen[0]?.headers.has('Service-Wallet-Signature')).toBe(false)
  })

  it('returns only Content-Type and Retry-After of the service answer, with its status and bytes', async () => {
    const bytes = '{"status":429,  "code":"RATE_LIMITED","message":"slow down"}'
    const { relay } = fakeService(
      () =>
        new Response(bytes, {
          status: 429,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Retry-After': '17',
            'Set-Cookie': 'upstream=1; HttpOnly',
            'WWW-Authenticate': 'Basic realm="service"',
            Connection: 'keep-alive',
            'Keep-Alive': 'timeout=5',
            'X-Powered-By': 'service',
            'Access-Control-Allow-Origin': '*',
            'Strict-Transport-Security': 'max-age=1',
            Location: 'https://elsewhere.test',
          },
        }),
    )
    const response = await relay(
      new Request('http://app.test/auth/credentials/AuthMethod:1/challenge', { method: 'POST' }),
    )
    expect(response.status).toBe(429)
    expect([...response.headers]).toEqual([
      ['cache-control', 'no-store'],
      ['content-type', 'application/json; charset=utf-8'],
      ['retry-after', '17'],
      ['x-content-type-options', 'nosniff'],
    ])
    expect(await response.text()).toBe(bytes)
  })

  it('passes Retry-After back on the sandbox 429 and drops its WWW-Authenticate', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const page = r.browser('ada')
    const challenge = `${r.appBase}/auth/credentials/${ada.emailCredentialId}/challenge`
    expect((await page(challenge, { method: 'POST' })).status).toBe(200)
    const limited = await page(challenge, { method: 'POST' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await limited.json()).code).toBe('RATE_LIMITED')

    // A relay with a wrong secret: the sandbox answers 401 with WWW-Authenticate, which stays behind.
    const wrong = createRelay({
      baseUrl: r.h.base,
      clientId: r.h.sandbox.clientId,
      clientSecret: 'wrong-secret',
      authorize: () => true,
      fetch: r.h.sandbox.fetch,
    })
    const refused = await wrong(new Request(`http://app.test/auth/credentials?accountId=${ada.accountId}`))
    expect(refused.status).toBe(401)
    expect(refused.headers.has('WWW-Authenticate')).toBe(false)
    expect(await refused.text()).not.toContain('wrong-secret')
  })

  it('drops Set-Cookie from a real sandbox answer', async () => {
    const r = await startRelayHarness({})
    const ada = await r.addUser('ada')
    const relay = createRelay({
      baseUrl: r.h.base,
      clientId: r.h.sandbox.clientId,
      clientSecret: r.h.sandbox.clientSecret,
      authorize: () => true,
      fetch: async (request) => {
        const response = await r.h.sandbox.fetch(request)
        const headers = new Headers(response.headers)
        headers.append('Set-Cookie', 'tracking=1')
        return new Response(response.body, { status: response.status, headers })
      },
    })
    const response = await relay(
      new Request(`http://app.test/customers/internal-accounts?customerId=${ada.customerId}`),
    )
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
    expect((await response.json()).data[0].id).toBe(ada.accountId)
  })
})

describe('service failures', () => {
  it('answers 502 BAD_GATEWAY when the service is unreachable or redirects, without following', async () => {
    const errors: unknown[] = []
    const down = fakeService(
      () => {
        throw new TypeError('fetch failed')
      },
      { onError: (error) => errors.push(error) },
    )
    const response = await down.relay(new Request('http://app.test/quotes/Quote:1'))
    expect(await response.json()).toMatchObject({ status: 502, code: 'BAD_GATEWAY' })
    expect(errors).toHaveLength(1)
    const redirecting = fakeService(
      () => new Response(null, { status: 302, headers: { Location: 'https://evil.test' } }),
    )
    expect((await redirecting.relay(new Request('http://app.test/quotes/Quote:1'))).status).toBe(502)
    expect(redirecting.seen[0]?.redirect).toBe('manual')
  })

  it('passes a 204 on with no body', async () => {
    const { relay } = fakeService(() => new Response(null, { status: 204 }))
    const response = await relay(new Request('http://app.test/auth/sessions/Session:1', { method: 'DELETE' }))
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  it('forwards a POST without a body as a POST without a body', async () => {
    const { relay, seen } = fakeService()
    await relay(new Request('http://app.test/auth/credentials/AuthMethod:1/challenge', { method: 'POST' }))
    expect(seen[0]?.body).toBeNull()
    await relay(new Request('http://app.test/auth/credentials/AuthMethod:1/challenge', json('POST', {})))
    expect(await seen[1]?.text()).toBe('{}')
  })
})
