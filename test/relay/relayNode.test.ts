// The Node adapters over real sockets: `toNodeHandler` behind `http.createServer` on a localhost
// port, and the Express-style middleware mounted the way Express mounts it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { type ExpressLikeRequest, toExpressMiddleware, toNodeHandler } from '../../src/relay/index.js'
import { json, PREFIX, type RelayHarness, startRelayHarness, USER_HEADER } from './relayHarness.js'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, 'localhost', done))
  return `http://localhost:${(server.address() as AddressInfo).port}`
}

/** An OTP sign-in and a signed action by `page`, a real fetch to the server at `base`. */
async function signInOverHttp(r: RelayHarness, base: string) {
  const ada = await r.addUser('ada')
  const page: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set(USER_HEADER, 'ada')
    return fetch(request)
  }
  const challenge = await page(`${base}/auth/credentials/${ada.emailCredentialId}/challenge`, {
    method: 'POST',
  })
  expect(challenge.status).toBe(200)
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: '000000',
    targetBundle: (await challenge.json()).otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [r.h.sandbox.signerPublicKey],
  })
  const signed = withWalletSignature(page, { getKey: () => tek, now: r.h.sandbox.clock.now })
  const verified = await signed(
    `${base}/auth/credentials/${ada.emailCredentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  expect(verified.status).toBe(200)
  const patched = await signed(
    `${base}/internal-accounts/${ada.accountId}`,
    json('PATCH', { privateEnabled: true }),
  )
  expect(patched.status).toBe(200)
  return { ada, page, patched }
}

describe('toNodeHandler', () => {
  it('serves the relay on a localhost port: sign-in, a signed action, refusals', async () => {
    const r = await startRelayHarness()
    const origin = await listen(toNodeHandler(r.relay))
    const { ada, page, patched } = await signInOverHttp(r, `${origin}${PREFIX}`)
    expect(
      [...patched.headers.keys()].filter(
        (name) => !['content-length', 'date', 'connection', 'keep-alive'].includes(name),
      ),
    ).toEqual(['cache-control', 'content-type', 'x-content-type-options'])
    expect((await page(`${origin}${PREFIX}/customers`, json('POST', {}))).status).toBe(404)
    expect((await page(`${origin}/auth/credentials?accountId=${ada.accountId}`)).status).toBe(404)
    expect((await fetch(`${origin}${PREFIX}/auth/sessions?accountId=${ada.accountId}`)).status).toBe(403)
    const listed = await page(`${origin}${PREFIX}/auth/credentials?accountId=${ada.accountId}`)
    expect((await listed.json()).data[0].id).toBe(ada.emailCredentialId)
    expect(listed.headers.get('connection')).not.toBe('close') // keep-alive survives a normal request
  })

  it('answers 413 to an oversized body and keeps serving', async () => {
    const r = await startRelayHarness({ maxBodyBytes: 1024 })
    const ada = await r.addUser('ada')
    const origin = await listen(toNodeHandler(r.relay))
    const big = JSON.stringify({ type: 'SMS_OTP', accountId: ada.accountId, pad: 'x'.repeat(200_000) })
    const refused = await fetch(`${origin}${PREFIX}/auth/credentials`, {
      ...json('POST', big),
      headers: { [USER_HEADER]: 'ada' },
    })
    expect(refused.status).toBe(413)
    expect((await refused.json()).code).toBe('PAYLOAD_TOO_LARGE')
    const after = await fetch(`${origin}${PREFIX}/auth/sessions?accountId=${ada.accountId}`, {
      headers: { [USER_HEADER]: 'ada' },
    })
    expect(after.status).toBe(200)
  })

  it('keeps a path that looks like another host a path', async () => {
    const r = await startRelayHarness()
    const origin = await listen(toNodeHandler(r.relay))
    const { port } = new URL(origin)
    const { request } = await import('node:http')
    const status = await new Promise<number>((done, fail) => {
      const req = request(
        {
          host: 'localhost',
          port,
          path: `//evil.test${PREFIX}/auth/credentials`,
          headers: { Host: 'bad host!' },
        },
        (res) => {
          res.resume()
          done(res.statusCode ?? 0)
        },
      )
      req.on('error', fail)
      req.end()
    })
    expect(status).toBe(404)
    expect(r.upstream).toHaveLength(0)
  })
})

/** A minimal Express-like app: `use(mount, middleware)` strips the mount from `req.url`, keeps `originalUrl`. */
function expressLike(
  mount: string,
  middleware: ReturnType<typeof toExpressMiddleware>,
  before?: (req: ExpressLikeRequest) => Promise<void>,
) {
  const errors: unknown[] = []
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const request = req as ExpressLikeRequest
    request.originalUrl = req.url
    if (!req.url?.startsWith(`${mount}/`)) {
      res.statusCode = 418
      res.end()
      return
    }
    req.url = req.url.slice(mount.length)
    await before?.(request)
    middleware(request, res, (error) => {
      errors.push(error)
      res.statusCode = 500
      res.end()
    })
  }
  return { handler, errors }
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('toExpressMiddleware', () => {
  it('works mounted at the prefix: sign-in and a signed action over a real port', async () => {
    const r = await startRelayHarness()
    const { handler, errors } = expressLike(PREFIX, toExpressMiddleware(r.relay))
    const origin = await listen(handler)
    await signInOverHttp(r, `${origin}${PREFIX}`)
    expect(errors).toEqual([])
  })

  it('forwards the Buffer of express.raw() byte for byte', async () => {
    const r = await startRelayHarness()
    const { handler, errors } = expressLike(PREFIX, toExpressMiddleware(r.relay), async (req) => {
      req.body = await readAll(req)
      ;(req as { _body?: boolean })._body = true
    })
    const origin = await listen(handler)
    await signInOverHttp(r, `${origin}${PREFIX}`)
    expect(errors).toEqual([])
  })

  it('refuses through next() when a JSON parser already consumed the body', async () => {
    const r = await startRelayHarness()
    const { handler, errors } = expressLike(PREFIX, toExpressMiddleware(r.relay), async (req) => {
      req.body = JSON.parse((await readAll(req)).toString() || '{}')
      ;(req as { _body?: boolean })._body = true
    })
    const origin = await listen(handler)
    const ada = await r.addUser('ada')
    const response = await fetch(`${origin}${PREFIX}/auth/credentials`, {
      ...json('POST', { type: 'SMS_OTP', accountId: ada.accountId }),
      headers: { [USER_HEADER]: 'ada' },
    })
    expect(response.status).toBe(500)
    expect(errors).toMatchObject([{ code: 'INVALID_ARGUMENT' }])
    expect(r.upstream).toHaveLength(0)
  })
})
