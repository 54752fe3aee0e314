// The demo backend's own routes refuse what a hostile page could make a browser send: cross-site
// form posts (login CSRF), the sandbox tools without a signed-in user, and the email-only stand-in
// login when the demo points at a real service.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallengeExpiry } from '../../demo/server/challengeExpiry.js'
import { createDemoRoutes, DEMO_PREFIX } from '../../demo/server/demoRoutes.js'
import { createDemoUsers } from '../../demo/server/demoUsers.js'
import { createServiceClient } from '../../demo/server/serviceClient.js'
import { createPasskeyRegistrationOptions } from '../../src/relay/index.js'
import type { Sandbox } from '../../src/sandbox/index.js'
import { startTestSandbox, type TestSandbox } from '../../src/testing/startTestSandbox.js'

const ORIGIN = 'http://localhost:5173'
let sandbox: Sandbox
let upstream: TestSandbox
const servers: Server[] = []

/** The demo routes in `mode`, served on a port; returns their base URL. */
async function serveRoutes(mode: 'sandbox' | 'service', allowStandInLogin = false): Promise<string> {
  const handle = createDemoRoutes({
    mode,
    rpId: 'localhost',
    signatureHeader: 'Service-Wallet-Signature',
    users: createDemoUsers(),
    service: createServiceClient({
      baseUrl: upstream.baseUrl,
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
    }),
    passkeys: createPasskeyRegistrationOptions({ rpName: 'demo', rpId: 'localhost', origins: [ORIGIN] }),
    ...(mode === 'sandbox' ? { sandbox: { sandbox, expiry: createChallengeExpiry(sandbox) } } : {}),
    origin: ORIGIN,
    allowStandInLogin,
    onError: (error) => {
      throw error
    },
  })
  const server = createServer((req, res) => void handle(req, res))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  return `http://localhost:${(server.address() as AddressInfo).port}${DEMO_PREFIX}`
}

const signIn = (
  base: string,
  headers: Record<string, string>,
  body = '{"email":"ada@example.com","country":"US"}',
) => fetch(`${base}/users`, { method: 'POST', headers, body })

const JSON_SAME_ORIGIN = { Origin: ORIGIN, 'Content-Type': 'application/json' }

beforeAll(async () => {
  const start = Date.now() // a clock that moves only when told
  // On a port: the demo's service client reaches the upstream over HTTP, as in the demo.
  upstream = await startTestSandbox({ port: 0, now: () => start })
  sandbox = upstream.sandbox
})
afterAll(async () => {
  for (const server of servers) server.close()
  await upstream.close()
})

describe('demo backend routes', () => {
  it('refuse a cross-site form post to the stand-in login (login CSRF)', async () => {
    const base = await serveRoutes('sandbox')
    const form = await signIn(
      base,
      { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      'email=ada%40example.com&country=US',
    )
    expect([form.status, (await form.json()).code]).toEqual([403, 'FORBIDDEN'])
    const noOrigin = await signIn(base, { 'Content-Type': 'application/json' })
    expect(noOrigin.status).toBe(403)
    const sameOriginText = await signIn(base, { Origin: ORIGIN, 'Content-Type': 'text/plain' })
    expect([sameOriginText.status, (await sameOriginText.json()).code]).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ])
    const page = await signIn(base, JSON_SAME_ORIGIN)
    expect(page.status).toBe(200)
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly/i)
  })

  it('move the sandbox clock only for a signed-in user', async () => {
    const base = await serveRoutes('sandbox')
    const before = sandbox.clock.now()
    const anonymous = await fetch(`${base}/clock`, {
      method: 'POST',
      headers: JSON_SAME_ORIGIN,
      body: JSON.stringify({ advanceMs: 60_000 }),
    })
    expect([anonymous.status, (await anonymous.json()).code]).toEqual([401, 'UNAUTHENTICATED'])
    const expire = await fetch(`${base}/expire-next-challenge`, {
      method: 'POST',
      headers: JSON_SAME_ORIGIN,
      body: '{}',
    })
    expect(expire.status).toBe(401)
    expect(sandbox.clock.now()).toBe(before)

    const cookie = (await signIn(base, JSON_SAME_ORIGIN)).headers.get('set-cookie')?.split(';')[0] ?? ''
    const signedIn = await fetch(`${base}/clock`, {
      method: 'POST',
      headers: { ...JSON_SAME_ORIGIN, Cookie: cookie },
      body: JSON.stringify({ advanceMs: 60_000 }),
    })
    expect(signedIn.status).toBe(200)
  })

  it('refuse the email-only stand-in login against a real service unless enabled for a test tenant', async () => {
    const service = await serveRoutes('service')
    const refused = await signIn(service, JSON_SAME_ORIGIN)
    expect([refused.status, (await refused.json()).code]).toEqual([403, 'STAND_IN_LOGIN_DISABLED'])
    const testTenant = await serveRoutes('service', true)
    expect((await signIn(testTenant, JSON_SAME_ORIGIN)).status).toBe(200)
  })
})
