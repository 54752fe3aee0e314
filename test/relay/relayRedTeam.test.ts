// The second security round's relay findings: a quote made for the platform by ids the service
// ignores, and what the relay lets through in both directions (query, content type, answer headers).
import { describe, expect, it } from 'vitest'
import type { RelayAuthorize } from '../../src/relay/index.js'
import { fakeService, json, partyIds, worldOf } from './relayRequests.js'

const ada = partyIds(1)
const bob = partyIds(2)

/** A relay whose hook approves what Ada owns, by the service's records. */
function adaSignedIn(answer?: (request: Request) => Response | Promise<Response>) {
  const authorize: RelayAuthorize = (_request, _target, { isOwnedBy }) => isOwnedBy(ada.customerId)
  return fakeService(answer, { authorize, world: worldOf(ada, bob) })
}

const destination = { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example' }
const amounts = { lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 }

describe('quotes owned by the fields the service acts on', () => {
  it.each<[string, Record<string, unknown>, number]>([
    [
      'a real-time-funding source naming an account but no customer (the platform pays)',
      { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', accountId: ada.accountId } },
      400,
    ],
    [
      'a top-level accountId beside a real-time-funding source without a customer',
      { accountId: ada.accountId, source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } },
      400,
    ],
    [
      "Ada's account beside another customer's real-time funding",
      {
        source: {
          sourceType: 'REALTIME_FUNDING',
          currency: 'USD',
          customerId: bob.customerId,
          accountId: ada.accountId,
        },
      },
      400,
    ],
    [
      "another customer's source account with Ada's customer id",
      { source: { sourceType: 'ACCOUNT', accountId: bob.accountId, customerId: ada.customerId } },
      403,
    ],
    [
      "Ada's customer id at the top level beside another customer's account",
      { customerId: ada.customerId, source: { sourceType: 'ACCOUNT', accountId: bob.accountId } },
      400,
    ],
  ])('refuses %s, and sends nothing', async (_name, fields, status) => {
    const { relay, seen } = adaSignedIn()
    const response = await relay(
      new Request('http://app.test/quotes', json('POST', { destination, ...amounts, ...fields })),
    )
    expect(await response.json()).toMatchObject({
      status,
      code: status === 400 ? 'INVALID_INPUT' : 'FORBIDDEN',
    })
    expect(seen).toHaveLength(0)
  })

  it("forwards Ada's own quotes: from her account, or funded in real time for her", async () => {
    const { relay, seen } = adaSignedIn()
    for (const source of [
      { sourceType: 'ACCOUNT', accountId: ada.accountId },
      { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: ada.customerId },
    ]) {
      const response = await relay(
        new Request('http://app.test/quotes', json('POST', { source, destination, ...amounts })),
      )
      expect(response.status).toBe(200)
    }
    expect(seen).toHaveLength(2)
  })
})

describe('what crosses the relay', () => {
  const credentials = `http://app.test/auth/credentials`
  const body = JSON.stringify({ type: 'SMS_OTP', accountId: ada.accountId })

  it('forwards only the query parameters it checked, re-encoded, never the raw query', async () => {
    const { relay, seen } = adaSignedIn()
    const response = await relay(new Request(`${credentials}?accountId=${encodeURIComponent(ada.accountId)}`))
    expect(response.status).toBe(200)
    expect(new URL(seen[0]?.url ?? '').search).toBe(`?accountId=${encodeURIComponent(ada.accountId)}`)
    for (const query of [
      `?accountId=${ada.accountId}&accountId=${bob.accountId}`,
      `?accountId=${ada.accountId}&customerId=${bob.customerId}`,
      `?accountId=${ada.accountId};customerId=${bob.customerId}`,
    ]) {
      const refused = await relay(new Request(`${credentials}${query}`))
      expect(await refused.json()).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    }
    expect(seen).toHaveLength(1)
  })

  it.each([
    ['a form encoding', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['JSON in another charset', 'application/json; charset=utf-16'],
    ['text in another charset', 'text/plain; charset=iso-8859-1'],
    // What a cross-site page can post without asking: a string body's default type, or none.
    ['text (a string body given no type)', 'text/plain;charset=UTF-8'],
    ['no type', undefined],
    ['a JSON look-alike', 'application/jsonp'],
    ['HTML', 'text/html'],
  ])('refuses a body sent with %s (415), and sends nothing', async (_name, contentType) => {
    const { relay, seen } = adaSignedIn()
    const request = new Request(credentials, { method: 'POST', body })
    if (contentType === undefined) request.headers.delete('Content-Type')
    else request.headers.set('Content-Type', contentType)
    const response = await relay(request)
    expect(await response.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(seen).toHaveLength(0)
  })

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"'])(
    'forwards a body sent as %s with the content type it checked: application/json',
    async (contentType) => {
      const { relay, seen } = adaSignedIn()
      const request = new Request(credentials, { method: 'POST', body })
      if (contentType === undefined) request.headers.delete('Content-Type')
      else request.headers.set('Content-Type', contentType)
      const response = await relay(request)
      expect(response.status).toBe(200)
      expect(seen[0]?.headers.get('Content-Type')).toBe('application/json')
    },
  )

  it('forwards no Content-Type with a request that has no body', async () => {
    const { relay, seen } = adaSignedIn()
    const response = await relay(
      new Request(`http://app.test/auth/credentials/${ada.credentialId}/challenge`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/html' },
      }),
    )
    expect(response.status).toBe(200)
    expect(seen[0]?.headers.has('Content-Type')).toBe(false)
  })

  it('answers with nosniff and no-store, on forwarded answers and on its own refusals', async () => {
    const { relay } = adaSignedIn()
    const forwarded = await relay(new Request(`${credentials}?accountId=${ada.accountId}`))
    const forbidden = await relay(new Request(`${credentials}?accountId=${bob.accountId}`))
    const unknown = await relay(new Request('http://app.test/platform/config'))
    for (const [response, status] of [
      [forwarded, 200],
      [forbidden, 403],
      [unknown, 404],
    ] as const) {
      expect(response.status).toBe(status)
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json\b/)
    }
  })

  it.each([
    ['HTML', 'text/html; charset=utf-8', '<script>alert(1)</script>'],
    ['no content type', undefined, '{"ok":true}'],
    ['JavaScript', 'application/javascript', 'alert(1)'],
  ])('never hands the browser a service answer typed as %s (502)', async (_name, contentType, text) => {
    const { relay } = adaSignedIn(() => {
      const response = new Response(text, { status: 200 })
      if (contentType === undefined) response.headers.delete('Content-Type')
      else response.headers.set('Content-Type', contentType)
      return response
    })
    const response = await relay(new Request(`${credentials}?accountId=${ada.accountId}`))
    expect(await response.json()).toMatchObject({ status: 502, code: 'BAD_GATEWAY' })
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json\b/)
  })

  it('passes JSON types on as they are, and a 204 with no type', async () => {
    const answers = [
      new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
      new Response('{"status":400}', {
        status: 400,
        headers: { 'Content-Type': 'application/problem+json' },
      }),
      new Response(null, { status: 204 }),
    ]
    const { relay } = adaSignedIn(() => answers.shift() ?? Response.json({}))
    const url = `${credentials}?accountId=${ada.accountId}`
    expect((await relay(new Request(url))).headers.get('Content-Type')).toBe(
      'application/json; charset=utf-8',
    )
    expect((await relay(new Request(url))).headers.get('Content-Type')).toBe('application/problem+json')
    const empty = await relay(new Request(url))
    expect(empty.status).toBe(204)
    expect(empty.headers.has('Content-Type')).toBe(false)
    expect(empty.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })
})
