// The embedded-wallet-sandbox command: its options reach the sandbox it starts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/sandbox/cli.js'
import type { SandboxServer } from '../../src/sandbox/index.js'

let server: SandboxServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
  vi.restoreAllMocks()
})

describe('embedded-wallet-sandbox', () => {
  it('reads the wallet signature under the name --signature-header gives, and says so', async () => {
    const printed: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line))
    server = await main([
      '--port',
      '0',
      '--client-secret',
      's3cret',
      '--signature-header',
      'Grid-Wallet-Signature',
    ])
    expect(printed.join('\n')).toMatch(/signature header +Grid-Wallet-Signature/)
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(`${server?.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Basic ${btoa('sandbox-client:s3cret')}`,
          'Content-Type': 'application/json',
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: await response.json() }
    }
    const customer = await call('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      email: 'cli@example.com',
    })
    const change = { customerType: 'INDIVIDUAL', email: 'cli-2@example.com' }
    const challenge = await call('PATCH', `/customers/${customer.body.id}`, change)
    expect(challenge.status).toBe(202)
    const requestId = challenge.body.requestId
    // Under the default name the signature is not seen; under the configured one it is read.
    const defaultName = await call('PATCH', `/customers/${customer.body.id}`, change, {
      'Service-Wallet-Signature': 'x',
      'Request-Id': requestId,
    })
    expect(defaultName.body).toMatchObject({ status: 401, code: 'WALLET_SIGNATURE_MISSING' })
    const second = await call('PATCH', `/customers/${customer.body.id}`, change)
    const configured = await call('PATCH', `/customers/${customer.body.id}`, change, {
      'Grid-Wallet-Signature': 'not a stamp',
      'Request-Id': second.body.requestId,
    })
    expect(configured.body).toMatchObject({ status: 401, code: 'WALLET_SIGNATURE_MALFORMED' })
  })

  it('refuses a header name that is not an HTTP field name', async () => {
    await expect(main(['--port', '0', '--signature-header', 'Grid Wallet'])).rejects.toThrow(
      /Not a header name/,
    )
  })
})
