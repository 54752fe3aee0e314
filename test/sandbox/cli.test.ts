// The embedded-wallet-sandbox command: its options reach the sandbox it starts, and a port it cannot
// listen on is one sentence saying what to do.
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { build } from 'esbuild'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/sandbox/cli.js'
import type { SandboxServer } from '../../src/sandbox/index.js'
import { ROOT, runNode } from '../helpers/runNode.js'

let server: SandboxServer | undefined
let busy: Server | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
  await new Promise((resolve) => (busy ? busy.close(resolve) : resolve(undefined)))
  busy = undefined
  vi.restoreAllMocks()
})

/** A port something else listens on, on the host the command listens on by default. */
async function busyPort(): Promise<number> {
  busy = createServer()
  await new Promise<void>((resolve) => busy?.listen(0, 'localhost', resolve))
  const address = busy.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * bin/embedded-wallet-sandbox.js as it runs from the package, bundled with the command's source in
 * place of the built dist/sandbox-cli.js (so that this test needs no build first); its path.
 */
async function bundledBin(): Promise<string> {
  const outdir = `${ROOT}node_modules/.cache/sandbox-cli-test`
  mkdirSync(outdir, { recursive: true })
  await build({
    entryPoints: [`${ROOT}bin/embedded-wallet-sandbox.js`],
    outfile: `${outdir}/embedded-wallet-sandbox.mjs`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    plugins: [
      {
        name: 'cli-source',
        setup: (plugin) =>
          plugin.onResolve({ filter: /dist\/sandbox-cli\.js$/ }, () => ({
            path: `${ROOT}src/sandbox/cli.ts`,
          })),
      },
    ],
  })
  return `${outdir}/embedded-wallet-sandbox.mjs`
}

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

  it('says in one sentence that a busy port is busy, naming it and --port 0', async () => {
    const port = await busyPort()
    const refused = await main(['--port', String(port)]).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Error)
    const error = refused as Error
    expect((error.cause as { code?: string }).code).toBe('EADDRINUSE')
    expect(error.message.split('\n')).toHaveLength(1)
    expect(error.message).toContain(`Port ${port} `)
    expect(error.message).toContain('--port 0')
  })

  it('prints only that sentence from the command line, no stack trace, and exits 1', async () => {
    const port = await busyPort()
    const bin = await bundledBin()
    const run = await runNode([bin, '--port', String(port)], process.env as Record<string, string>)
    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(new RegExp(`^Port ${port} is already in use on localhost: .*--port 0.*\\.\n$`))
  }, 30_000)
})
