// The demo backend's passkey registration options exclude the account's passkeys, so the browser
// refuses to make a second passkey for the same account on one device (PASSKEY_ALREADY_REGISTERED).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, it } from 'vitest'
import { createDemoRoutes, DEMO_PREFIX } from '../../demo/server/demoRoutes.js'
import { createDemoUsers } from '../../demo/server/demoUsers.js'
import type { ServiceClient } from '../../demo/server/serviceClient.js'
import { createPasskeyRegistrationOptions } from '../../src/relay/index.js'

const ORIGIN = 'http://localhost:5173'
const ACCOUNT = 'InternalAccount:0b1c'
const PASSKEY_ID = 'q8Zk3rD1bX0Yw2vT5uN7mL9pA4sE6hG8jK0cV3xB1nM'

// The service as the backend sees it: one customer, one wallet, an email credential and a passkey.
const calls: string[] = []
const service: ServiceClient = {
  async call(method, path, schema) {
    calls.push(`${method} ${path.split('?')[0]}`)
    const answers: Record<string, unknown> = {
      'POST /customers': { id: 'Customer:1' },
      'GET /customers/internal-accounts': { data: [{ id: ACCOUNT, type: 'EMBEDDED_WALLET' }] },
      'GET /auth/credentials': {
        data: [
          { id: 'AuthMethod:1', type: 'EMAIL_OTP' },
          { id: 'AuthMethod:2', type: 'PASSKEY', credentialId: PASSKEY_ID },
        ],
      },
    }
    return schema.parse(answers[`${method} ${path.split('?')[0]}`])
  },
}

const handle = createDemoRoutes({
  mode: 'service',
  allowStandInLogin: true,
  rpId: 'localhost',
  signatureHeader: 'Service-Wallet-Signature',
  users: createDemoUsers(),
  service,
  passkeys: createPasskeyRegistrationOptions({ rpName: 'demo', rpId: 'localhost', origins: [ORIGIN] }),
  origin: ORIGIN,
  onError: (error) => {
    throw error
  },
})
const server = createServer((req, res) => void handle(req, res))
afterAll(() => server.close())

it("puts the account's passkeys in the registration options' excludeCredentials", async () => {
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const base = `http://localhost:${(server.address() as AddressInfo).port}${DEMO_PREFIX}`
  const headers = { Origin: ORIGIN, 'Content-Type': 'application/json' }
  const login = await fetch(`${base}/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'ada@example.com', country: 'US' }),
  })
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
  const response = await fetch(`${base}/passkey-options`, {
    method: 'POST',
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({ name: 'Passkey on Linux' }),
  })
  expect(response.status).toBe(200)
  const options = (await response.json()) as { excludeCredentials?: { id: string; type: string }[] }
  expect(options.excludeCredentials?.map(({ id, type }) => ({ id, type }))).toEqual([
    { id: PASSKEY_ID, type: 'public-key' },
  ])
  expect(calls).toContain('GET /auth/credentials')
})
