import { describe, expect, it, vi } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { expectCode } from '../helpers/expectCode.js'

interface Seen {
  method: string
  url: string
  headers: Record<string, string>
  body: string
}

/**
 * A minimal signed-retry service for one route: the first call gets a 202 whose payload binds the
 * body; each retry must carry a valid stamp over the payload of its Request-Id (single-use). A
 * flow of `challenges` legs answers that many 202s before the 204 (the delegated-key creation of
 * the service answers two).
 */
function fakeService(
  options: {
    expiresAt?: string
    reuseRequestId?: boolean
    /** 202s in a row before the 204. Default 1. */
    challenges?: number
    /** The second challenge of a flow repeats the first one's request id. */
    repeatIdOnSecondLeg?: boolean
    headerName?: string
  } = {},
) {
  const { challenges = 1 } = options
  const seen: Seen[] = []
  const pending = new Map<string, string>()
  const issued = new Map<string, string>()
  // Ids are unique across services: the kit remembers every id it signed in this process.
  const sameId = `Request:${crypto.randomUUID()}`
  let legs = 0
  let lastId = ''
  const challenge = async (body: Uint8Array<ArrayBuffer>) => {
    let requestId = `Request:${crypto.randomUUID()}`
    if (options.reuseRequestId) requestId = sameId
    else if (options.repeatIdOnSecondLeg && legs === 1) requestId = lastId
    legs++
    lastId = requestId
    const digest = bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', body)))
    const payloadToSign = `{"parameters":{"bodyDigest":"${digest}","leg":${legs}},"type":"ACTIVITY_TYPE_TEST"}`
    pending.set(requestId, payloadToSign)
    issued.set(requestId, payloadToSign)
    const expiresAt = options.expiresAt ?? new Date(Date.now() + 300_000).toISOString()
    return Response.json({ type: 'EMAIL_OTP', payloadToSign, requestId, expiresAt }, { status: 202 })
  }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const body = new Uint8Array(await request.arrayBuffer())
    const headers = Object.fromEntries(request.headers)
    seen.push({ method: request.method, url: request.url, headers, body: bytesToHex(body) })
    const signature = request.headers.get(options.headerName ?? 'Service-Wallet-Signature')
    if (!signature) {
      legs = 0
      return challenge(body)
    }
    const requestId = request.headers.get('Request-Id') ?? ''
    const payload = pending.get(requestId)
    pending.delete(requestId)
    if (!payload || !(await verifyStamp(signature, payload)).valid) {
      return Response.json({ status: 401, code: 'WALLET_SIGNATURE_INVALID', message: 'bad' }, { status: 401 })
    }
    if (legs < challenges) return challenge(body)
    return new Response(null, { status: 204 })
  }
  return { fetch, seen, issued }
}

describe('withWalletSignature', () => {
  let key: SessionKey
  const getKey = () => key

  it('stamps the 202 and replays the identical request with the two headers', async () => {
    key = await generateSessionKey()
    const service = fakeService()
    const signedFetch = withWalletSignature(service.fetch, { getKey })
    const body = '{"clientPublicKey":"02ab", "spacing" : "kept"}'
    const response = await signedFetch('https://api.example/2025-10-13/auth/sessions/Session:1/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Trace': 't1' },
      body,
    })
    expect(response.status).toBe(204)
    const [first, retry] = service.seen
    expect(service.seen).toHaveLength(2)
    expect(retry?.method).toBe('POST')
    expect(retry?.url).toBe(first?.url)
    expect(retry?.body).toBe(bytesToHex(new TextEncoder().encode(body)))
    expect(retry?.body).toBe(first?.body)
    expect(retry?.headers['x-trace']).toBe('t1')
    expect(retry?.headers['content-type']).toBe('application/json')
    const [requestId = '', payload = ''] = [...service.issued][0] ?? []
    expect(retry?.headers['request-id']).toBe(requestId)
    expect(await verifyStamp(retry?.headers['service-wallet-signature'] ?? '', payload)).toEqual({
      valid: true,
      publicKey: key.publicKey,
    })
  })

  it("sends the body in an engine whose Request has no body getter (Firefox's)", async () => {
    class RequestWithoutBodyGetter extends Request {
      override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
        return undefined as never
      }
    }
    key = await generateSessionKey()
    const service = fakeService()
    const body = '{"type":"EMAIL_OTP","encryptedOtpBundle":"x"}'
    vi.stubGlobal('Request', RequestWithoutBodyGetter)
    try {
      const signedFetch = withWalletSignature(service.fetch, { getKey })
      await signedFetch('https://api.example/auth/credentials/c/verify', { method: 'POST', body })
    } finally {
      vi.unstubAllGlobals()
    }
    const sent = bytesToHex(new TextEncoder().encode(body))
    expect(service.seen.map((seen) => seen.body)).toEqual([sent, sent])
  })

  it('buffers a streamed body once so the replay sends the same bytes', async () => {
    key = await generateSessionKey()
    const service = fakeService()
    const signedFetch = withWalletSignature(service.fetch, { getKey })
    const chunks = ['{"a":', '1,"b":"', 'é"}']
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    })
    const response = await signedFetch('https://api.example/x', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(204)
    expect(service.seen[1]?.body).toBe(bytesToHex(new TextEncoder().encode(chunks.join(''))))
  })

  it('replays a body that is not valid UTF-8 as the same bytes, given whole or streamed', async () => {
    key = await generateSessionKey()
    // A lone continuation byte, an overlong form, a truncated sequence, a byte order mark and a NUL.
    const bytes = new Uint8Array([0x80, 0xc0, 0xaf, 0xe2, 0x82, 0xff, 0xfe, 0x00, 0x7b])
    const whole = () => bytes.slice()
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, 4))
          controller.enqueue(bytes.slice(4))
          controller.close()
        },
      })
    for (const body of [whole, streamed]) {
      const service = fakeService()
      const signedFetch = withWalletSignature(service.fetch, { getKey })
      const response = await signedFetch('https://api.example/x', {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: body(),
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(204)
      expect(service.seen.map((seen) => seen.body)).toEqual([bytesToHex(bytes), bytesToHex(bytes)])
    }
  })

  it('uses a custom header name', async () => {
    key = await generateSessionKey()
    const service = fakeService({ headerName: 'X-Wallet-Signature' })
    const signedFetch = withWalletSignature(service.fetch, { getKey, headerName: 'X-Wallet-Signature' })
    expect((await signedFetch('https://api.example/x', { method: 'DELETE' })).status).toBe(204)
    expect(service.seen[1]?.headers['service-wallet-signature']).toBeUndefined()
  })

  it('takes a Request object, and replays a multipart body with its boundary intact', async () => {
    key = await generateSessionKey()
    const service = fakeService()
    const signedFetch = withWalletSignature(service.fetch, { getKey })
    const form = new FormData()
    form.set('nickname', 'Laptop')
    const request = new Request('https://api.example/x', { method: 'POST', body: form })
    expect((await signedFetch(request)).status).toBe(204)
    const [first, retry] = service.seen
    expect(retry?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(retry?.headers['content-type']).toBe(first?.headers['content-type'])
    expect(retry?.body).toBe(first?.body)
  })

  it('honours the caller signal on the retry too', async () => {
    key = await generateSessionKey()
    const controller = new AbortController()
    const service = fakeService()
    const abortingFetch: typeof fetch = async (input, init) => {
      // As fetch does: a request whose signal has fired is not sent.
      if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
      const response = await service.fetch(input, init)
      controller.abort() // after the 202: the retry must not go out
      return response
    }
    const signedFetch = withWalletSignature(abortingFetch, { getKey })
    const outcome = await signedFetch('https://api.example/x', {
      method: 'DELETE',
      signal: controller.signal,
    }).catch((error: unknown) => error)
    expect((outcome as DOMException).name).toBe('AbortError')
    expect(service.seen).toHaveLength(1)
  })

  it('turns a request the platform refuses into INVALID_ARGUMENT', async () => {
    const signedFetch = withWalletSignature(fakeService().fetch, { getKey })
    await expectCode(
      () => signedFetch('https://api.example/x', { method: 'GET', body: 'x' }),
      'INVALID_ARGUMENT',
    )
    await expectCode(() => signedFetch('/relative/in/node'), 'INVALID_ARGUMENT')
  })

  it('never uses a request id twice', async () => {
    key = await generateSessionKey()
    const service = fakeService({ reuseRequestId: true })
    const signedFetch = withWalletSignature(service.fetch, { getKey })
    expect((await signedFetch('https://api.example/x', { method: 'DELETE' })).status).toBe(204)
    await expectCode(() => signedFetch('https://api.example/x', { method: 'DELETE' }), 'REQUEST_ID_REUSED')
    expect(service.seen).toHaveLength(3)
  })

  it('signs every leg of a three-leg flow with the same key, each request id once', async () => {
    // A getter that would answer another key each time: the flow asks it once and keeps that key.
    const keys: SessionKey[] = []
    const rotating = async () => {
      keys.push(await generateSessionKey())
      return keys.at(-1)
    }
    const service = fakeService({ challenges: 2 })
    const signedFetch = withWalletSignature(service.fetch, { getKey: rotating })
    const body = '{"cardId":"Card:1","internalAccountId":"InternalAccount:1","nickname":"k"}'
    const response = await signedFetch('https://api.example/auth/delegated-keys', { method: 'POST', body })
    expect(response.status).toBe(204)
    expect(service.seen).toHaveLength(3)
    const issued = [...service.issued]
    expect(issued).toHaveLength(2)
    expect(service.seen.map((leg) => leg.headers['request-id'])).toEqual([
      undefined,
      issued[0]?.[0],
      issued[1]?.[0],
    ])
    for (const [index, [, payload]] of issued.entries()) {
      const header = service.seen[index + 1]?.headers['service-wallet-signature'] ?? ''
      expect(await verifyStamp(header, payload)).toEqual({ valid: true, publicKey: keys[0]?.publicKey })
    }
    expect(keys).toHaveLength(1)
    expect(new Set(service.seen.map((leg) => leg.body))).toEqual(new Set([service.seen[0]?.body]))
  })

  it('follows four challenges in a row and refuses a fifth without another request', async () => {
    key = await generateSessionKey()
    const four = fakeService({ challenges: 4 })
    expect(
      (await withWalletSignature(four.fetch, { getKey })('https://api.example/x', { method: 'DELETE' }))
        .status,
    ).toBe(204)
    expect(four.seen).toHaveLength(5)
    const five = fakeService({ challenges: 5 })
    await expectCode(
      () => withWalletSignature(five.fetch, { getKey })('https://api.example/x', { method: 'DELETE' }),
      'SIGNED_RETRY_FAILED',
    )
    expect(five.seen).toHaveLength(5)
  })

  it('refuses a later leg that reissues the request id of an earlier one', async () => {
    key = await generateSessionKey()
    const service = fakeService({ challenges: 2, repeatIdOnSecondLeg: true })
    const signedFetch = withWalletSignature(service.fetch, { getKey })
    await expectCode(() => signedFetch('https://api.example/x', { method: 'DELETE' }), 'REQUEST_ID_REUSED')
    expect(service.seen).toHaveLength(2)
  })

  it('refuses an expired challenge without sending a retry', async () => {
    key = await generateSessionKey()
    const service = fakeService({ expiresAt: '2030-01-01T00:00:00Z' })
    const signedFetch = withWalletSignature(service.fetch, {
      getKey,
      now: () => Date.parse('2030-01-01T00:00:01Z'),
    })
    await expectCode(() => signedFetch('https://api.example/x', { method: 'DELETE' }), 'CHALLENGE_EXPIRED')
    expect(service.seen).toHaveLength(1)
  })

  it('fails with NO_SESSION_KEY when there is no session', async () => {
    const service = fakeService()
    const signedFetch = withWalletSignature(service.fetch, { getKey: async () => undefined })
    await expectCode(() => signedFetch('https://api.example/x', { method: 'DELETE' }), 'NO_SESSION_KEY')
  })

  it('passes other responses through, a 202 that is not a challenge included', async () => {
    const bodies = [
      new Response('{"ok":true}', { status: 200 }),
      new Response('{"accepted":true}', { status: 202 }),
      new Response('not json', { status: 202 }),
    ]
    const signedFetch = withWalletSignature(
      async () => bodies.shift() ?? new Response(null, { status: 500 }),
      { getKey },
    )
    expect(await (await signedFetch('https://api.example/x')).json()).toEqual({ ok: true })
    expect(await (await signedFetch('https://api.example/x')).json()).toEqual({ accepted: true })
    expect(await (await signedFetch('https://api.example/x')).text()).toBe('not json')
  })

  it('turns error bodies into typed errors with every field', async () => {
    const signedFetch = withWalletSignature(
      async () =>
        Response.json(
          {
            status: 429,
            code: 'RATE_LIMITED',
            message: 'Slow down',
            details: { limit: 1 },
            reason: 'too many',
          },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      { getKey },
    )
    const error = await expectCode(
      () => signedFetch('https://api.example/x', { method: 'POST' }),
      'RATE_LIMITED',
    )
    expect(error).toMatchObject({
      status: 429,
      message: 'Slow down',
      details: { limit: 1 },
      reason: 'too many',
      retryAfter: 30,
    })
  })

  it('gives HTTP_ERROR with the status when an error body is not an Error object', async () => {
    const signedFetch = withWalletSignature(
      async () => new Response('<html>bad gateway</html>', { status: 502 }),
      { getKey },
    )
    const error = await expectCode(() => signedFetch('https://api.example/x'), 'HTTP_ERROR')
    expect(error.status).toBe(502)
  })
})
