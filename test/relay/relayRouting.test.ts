// What the relay forwards, where, and with which headers: the allow-list and its 404s, the mount
// prefix, path and query handling, the request and response header filters, and its own refusals.
import { describe, expect, it } from 'vitest'
import { createRelay, RELAY_OPERATIONS, type RelayOptions } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { json, startRelayHarness } from './relayHarness.js'

const ID = 'InternalAccount:00000000-0000-4000-8000-000000000001'

/** A relay in front of a fake service that records what it gets and answers `answer()`. */
function fakeService(
  answer: () => Response = () => Response.json({ ok: true }),
  options: Partial<RelayOptions> = {},
) {
  const seen: Request[] = []
  const relay = createRelay({
    baseUrl: 'https://service.test/2025-10-13',
    clientId: 'client',
    clientSecret: 'secret-value',
    authorize: () => true,
    onError: () => {},
    fetch: async (request) => {
      seen.push(request)
      return answer()
    },
    ...options,
  })
  return { relay, seen }
}

describe('the allow-list', () => {
  it.each([
    ['POST', '/sandbox/internal-accounts/X/fund'],
    ['POST', '/customers'],
    ['PATCH', '/customers/Customer:1'],
    ['PUT', '/auth/credentials'],
    ['HEAD', `/internal-accounts/${ID}`],
    ['GET', '/auth/credentials/'],
    ['GET', `/internal-accounts/${ID}/extra`],
    ['GET', '/internal-accounts/InternalAccount%2F..%2Fsandbox'],
    ['GET', '/internal-accounts/%2e%2e'],
    ['GET', '//auth/credentials'],
    ['GET', '/quotes'],
    ['POST', '/transfer-out'],
  ])('refuses %s %s with 404 NOT_FOUND, without calling the service', async (method, path) => {
    const { relay, seen } = fakeService()
    const response = await relay(new Request(`http://app.test${path}`, { method }))
    expect(response.status).toBe(404)
    if (method !== 'HEAD')
      expect(await response.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: expect.any(String) })
    expect(seen).toHaveLength(0)
  })

  it('forwards each default operation to the same path under baseUrl', async () => {
    const { relay, seen } = fakeService()
    for (const operation of RELAY_OPERATIONS) {
      const [method = '', pattern = ''] = operation.split(' ')
      const path = pattern.replace(/\{(\w+)\}/g, (_, key: string) => `${key}:1`)
      const query = method === 'GET' && !/\{/.test(pattern) ? `?accountId=${ID}&customerId=Customer:1` : ''
      const body =
        method === 'POST' && (pattern === '/auth/credentials' || pattern === '/quotes')
          ? JSON.stringify({ accountId: ID })
          : undefined
      const response = await relay(new Request(`http://app.test${path}${query}`, { method, body }))
      expect(response.status, operation).toBe(200)
      expect(seen.at(-1)?.url).toBe(`https://service.test/2025-10-13${path}${query}`)
      expect(seen.at(-1)?.method).toBe(method)
    }
  })

  it('is narrowed or extended by `allow`', async () => {
    const narrow = fakeService(undefined, { allow: ['GET /internal-accounts/{accountId}'] })
    expect((await narrow.relay(new Request(`http://app.test/internal-accounts/${ID}`))).status).toBe(200)
    expect((await narrow.relay(new Request('http://app.test/quotes/Quote:1'))).status).toBe(404)
    const targets: unknown[] = []
    const wide = fakeService(undefined, {
      allow: [...RELAY_OPERATIONS, 'GET /customers/{customerId}/beneficial-owners'],
      authorize: (_request, target) => {
        targets.push(target)
        return true
      },
    })
    expect(
      (await wide.relay(new Request('http://app.test/customers/Customer:1/beneficial-owners'))).status,
    ).toBe(200)
    expect(targets).toEqual([
      {
        operation: 'GET /customers/{customerId}/beneficial-owners',
        customerId: 'Customer:1',
        body: undefined,
      },
    ])
  })

  it('refuses a malformed allow entry or option when created', async () => {
    const base = {
      baseUrl: 'https://service.test/v',
      clientId: 'c',
      clientSecret: 's',
      authorize: () => true,
    }
    for (const allow of [['GET /x/{userId}'], ['FETCH /x'], ['GET x'], ['GET /a b']]) {
      await expectCode(() => createRelay({ ...base, allow }), 'INVALID_ARGUMENT')
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
    const response = await app.request(`/wallet/internal-accounts/${ID}`)
    expect(response.status).toBe(200)
    expect(seen[0]?.url).toBe(`https://service.test/2025-10-13/internal-accounts/${ID}`)
  })

  it('strips the prefix and only answers under it', async () => {
    const { relay, seen } = fakeService(undefined, { prefix: '/api/wallet' })
    expect((await relay(new Request(`http://app.test/api/wallet/internal-accounts/${ID}`))).status).toBe(200)
    expect(seen[0]?.url).toBe(`https://service.test/2025-10-13/internal-accounts/${ID}`)
    for (const path of [
      `/internal-accounts/${ID}`,
      `/api/walletinternal-accounts/${ID}`,
      '/api/wallet',
      '/api/wallet/',
    ]) {
      expect((await relay(new Request(`http://app.test${path}`))).status, path).toBe(404)
    }
  })

  it('decodes ids in the path and forwards the canonical path; the query passes through as sent', async () => {
    const targets: unknown[] = []
    const { relay, seen } = fakeService(undefined, {
      authorize: (_request, target) => targets.push(target) > 0,
    })
    const query = '?accountId=InternalAccount%3A1&note=a%20b&empty='
    await relay(new Request(`http://app.test/auth/credentials${query}`))
    await relay(new Request('http://app.test/auth/credentials/AuthMethod%3A1/challenge', { method: 'POST' }))
    expect(seen.map((request) => request.url)).toEqual([
      `https://service.test/2025-10-13/auth/credentials${query}`,
      'https://service.test/2025-10-13/auth/credentials/AuthMethod:1/challenge',
    ])
    expect(targets).toMatchObject([
      { operation: 'GET /auth/credentials', accountId: 'InternalAccount:1' },
      { operation: 'POST /auth/credentials/{credentialId}/challenge', credentialId: 'AuthMethod:1' },
    ])
  })

  it.each([
    [
      'a query id given twice',
      'GET',
      `/auth/credentials?accountId=${ID}&accountId=InternalAccount:2`,
      undefined,
    ],
    [
      'a path id and a body id that differ',
      'PATCH',
      `/internal-accounts/${ID}`,
      { accountId: 'InternalAccount:2' },
    ],
    [
      'a body id and a source id that differ',
      'POST',
      '/quotes',
      { customerId: 'Customer:1', source: { customerId: 'Customer:2' } },
    ],
    ['an id that is not a string', 'POST', '/auth/credentials', { accountId: [ID] }],
    ['an id with a slash', 'POST', '/auth/credentials', { accountId: 'InternalAccount:1/../x' }],
    ['no accountId where one is needed', 'GET', '/auth/sessions', undefined],
    ['no customerId to list accounts by', 'GET', `/customers/internal-accounts?accountId=${ID}`, undefined],
    [
      'a quote for nobody',
      'POST',
      '/quotes',
      { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } },
    ],
    ['a body that is not JSON', 'POST', '/auth/credentials', '{"accountId":'],
    ['a body that is a JSON array', 'POST', '/auth/credentials', [{ accountId: ID }]],
    ['a body that is not UTF-8', 'POST', '/auth/credentials', new Uint8Array([0x7b, 0xff, 0x7d])],
  ])('refuses %s with 400 INVALID_INPUT before the hook', async (_name, method, path, body) => {
    let asked = false
    const { relay, seen } = fakeService(undefined, { authorize: () => (asked = true) })
    const payload =
      body instanceof Uint8Array || typeof body === 'string'
        ? body
        : body === undefined
          ? undefined
          : JSON.stringify(body)
    const response = await relay(new Request(`http://app.test${path}`, { method, body: payload }))
    expect(await response.json()).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    expect([asked, seen.length]).toEqual([false, 0])
  })

  it('refuses a body over maxBodyBytes with 413, declared or streamed', async () => {
    const { relay, seen } = fakeService(undefined, { maxBodyBytes: 100 })
    const big = JSON.stringify({ accountId: ID, pad: 'x'.repeat(200) })
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
  it('forwards only Content-Type, Accept, the signature, Request-Id and Idempotency-Key, and its own Basic', async () => {
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
      'idempotency-key': 'key-1',
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
      ['content-type', 'application/json; charset=utf-8'],
      ['retry-after', '17'],
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
    const refused = await wrong(new Request(`http://app.test/internal-accounts/${ada.accountId}`))
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
    const response = await relay(new Request(`http://app.test/internal-accounts/${ada.accountId}`))
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
    expect((await response.json()).id).toBe(ada.accountId)
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
    const response = await down.relay(new Request(`http://app.test/internal-accounts/${ID}`))
    expect(await response.json()).toMatchObject({ status: 502, code: 'BAD_GATEWAY' })
    expect(errors).toHaveLength(1)
    const redirecting = fakeService(
      () => new Response(null, { status: 302, headers: { Location: 'https://evil.test' } }),
    )
    expect((await redirecting.relay(new Request(`http://app.test/internal-accounts/${ID}`))).status).toBe(502)
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
