// The page's wallet.fetch in signer mode: what crosses to the signer is the request as the browser's
// own Request reads it (absolute URL, method as fetch sends it, headers, text body), whichever way
// the app calls it; the signer's answer comes back as a Response.
import { describe, expect, it } from 'vitest'
import { type FramedRequest, framedFetch } from '../../src/signer-client/framedFetch.js'

const OK = {
  status: 200,
  statusText: 'OK',
  headers: [['content-type', 'application/json']],
  body: '{"ok":true}',
}

/** A fetch whose signer records each request that crossed and answers `answer`. */
function recorded(answer: unknown = OK) {
  const crossed: FramedRequest[] = []
  const fetch = framedFetch(async (method, args) => {
    expect(method).toBe('fetch')
    crossed.push(args[0] as FramedRequest)
    return answer
  })
  return { fetch, crossed }
}

/** What the browser's Request makes of the same call, the way the client read it before. */
async function asRequestReadsIt(input: RequestInfo | URL, init?: RequestInit): Promise<FramedRequest> {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
  if (typeof init?.body === 'string' && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json')
  const request = new Request(input instanceof URL ? input.href : input, { ...init, headers })
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text()
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    ...(body ? { body } : {}),
  }
}

const body = JSON.stringify({ privateEnabled: true })

describe('framedFetch', () => {
  it.each<[string, RequestInfo | URL, RequestInit | undefined]>([
    [
      'a relative URL and a JSON body',
      '/api/wallet/internal-accounts/InternalAccount:1',
      { method: 'PATCH', body },
    ],
    ['a lower-case method fetch upper-cases', 'api/wallet/auth/credentials', { method: 'post', body }],
    ['a lower-case method fetch sends as given', '/api/wallet/x', { method: 'patch', body }],
    ['no init', 'https://app.example.com/api/wallet/quotes/Quote:1?x=1', undefined],
    [
      'a URL object and headers of its own',
      new URL('https://app.example.com/api/wallet/q'),
      {
        method: 'PUT',
        body,
        headers: { 'Content-Type': 'application/merge-patch+json', 'Idempotency-Key': 'k-1' },
      },
    ],
    ['a null body', '/api/wallet/auth/sessions/Session:1', { method: 'DELETE', body: null }],
    ['an empty body', '/api/wallet/auth/sessions/Session:1', { method: 'POST', body: '' }],
    [
      'a Blob body',
      '/api/wallet/x',
      { method: 'POST', body: new Blob([body], { type: 'application/json' }) },
    ],
    ['a Request with a body', new Request('/api/wallet/x', { method: 'POST', body }), undefined],
  ])('sends %s as the browser reads it', async (_what, input, init) => {
    const { fetch, crossed } = recorded()
    await fetch(input, init)
    const again = input instanceof Request ? new Request('/api/wallet/x', { method: 'POST', body }) : input
    expect(crossed).toEqual([await asRequestReadsIt(again, init)])
  })

  it('refuses a GET with a body before anything crosses, as fetch does', async () => {
    const { fetch, crossed } = recorded()
    await expect(fetch('/api/wallet/x', { method: 'GET', body })).rejects.toBeInstanceOf(TypeError)
    expect(crossed).toEqual([])
  })

  it("answers with the signer's status, headers and body, and no body where the status has none", async () => {
    const answered = await recorded().fetch('/api/wallet/x', { method: 'PATCH', body })
    expect([answered.status, answered.headers.get('content-type'), await answered.json()]).toEqual([
      200,
      'application/json',
      { ok: true },
    ])
    const empty = await recorded({ ...OK, status: 204, statusText: 'No Content' }).fetch('/api/wallet/x')
    expect([empty.status, empty.body]).toEqual([204, null])
  })
})
