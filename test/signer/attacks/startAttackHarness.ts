// Three origins on localhost for the attack suite: the app (its page, its backend and the kit's
// relay), the signer document on an origin of its own, and a stranger's page that frames the
// signer. The sandbox runs in-process.
import { createServer, type Server } from 'node:http'
import { build } from 'esbuild'
import { createRelay, toNodeHandler, withSignerOrigins } from '../../../src/relay/index.js'
import { serveSigner } from '../../../src/signer/serveSigner.js'
import {
  startTestSandbox,
  type TestCustomer,
  type TestSandbox,
} from '../../../src/testing/startTestSandbox.js'

export interface AttackHarness {
  app: string
  signer: string
  stranger: string
  sandbox: TestSandbox
  /** A new funded customer, from now on the app's signed-in user (the sandbox limits sign-ins per customer). */
  newCustomer(): Promise<TestCustomer>
  close(): Promise<void>
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, 'localhost', resolve)
  })

const send = (
  res: import('node:http').ServerResponse,
  status: number,
  body: string,
  type: string,
  headers = {},
) => {
  res.writeHead(status, { 'Content-Type': type, ...headers })
  res.end(body)
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wallet app</title>
<script type="module" src="/app.js"></script></head>
<body><h1>Wallet app</h1><p id="status">Loading</p>
<input id="code" aria-label="Code" autocomplete="one-time-code" inputmode="numeric" hidden></body></html>`

/** Starts the three origins on the given ports (WebAuthn and cookies need `localhost`). */
export async function startAttackHarness({
  ports,
}: {
  ports: [number, number, number]
}): Promise<AttackHarness> {
  const [app, signer, stranger] = ports.map((port) => `http://localhost:${port}`) as [string, string, string]
  const sandbox = await startTestSandbox({
    origins: [app, signer],
    customers: [{ email: 'ada@example.com' }],
  })
  let [user] = sandbox.customers
  if (!user) throw new Error('The sandbox made no customer.')
  let customers = 0
  const script = await build({
    entryPoints: [new URL('./app.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  })
  const appJs = script.outputFiles[0]?.text ?? ''
  const relay = toNodeHandler(
    withSignerOrigins(
      createRelay({
        ...sandbox.relayOptions,
        prefix: '/api/wallet',
        authorize: (request, _target, { isOwnedBy }) =>
          /app_session=signed-in/.test(request.headers.get('cookie') ?? '') &&
          user !== undefined &&
          isOwnedBy(user.customerId, { accountIds: [user.accountId] }),
      }),
      { signerOrigins: [signer] },
    ),
  )
  const appServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', app).pathname
    if (path.startsWith('/api/wallet/')) return void relay(req, res)
    if (path === '/api/me') {
      const me = {
        ...user,
        credentialId: user?.emailCredentialId,
        trustedSigners: [sandbox.signerPublicKey],
        exportSigners: [sandbox.exportSignerPublicKey],
        signerUrl: `${signer}/signer.html`,
      }
      return send(res, 200, JSON.stringify(me), 'application/json')
    }
    if (path === '/app.js') return send(res, 200, appJs, 'text/javascript')
    if (path !== '/') return send(res, 404, '', 'text/plain')
    // The app's own sign-in, which the attacker's script rides on: the cookie is the page's.
    send(res, 200, PAGE, 'text/html', {
      'Set-Cookie': 'app_session=signed-in; SameSite=Lax; Path=/',
      'Content-Security-Policy': `script-src 'self'; frame-src ${signer}; object-src 'none'`,
    })
  })
  const signerServer = createServer(
    toNodeHandler(
      serveSigner({
        dir: new URL('../../../dist/signer-document/', import.meta.url),
        config: {
          appOrigins: [app],
          baseUrl: `${app}/api/wallet`,
          trustedSigners: [sandbox.signerPublicKey],
          exportSigners: [sandbox.exportSignerPublicKey],
          dangerouslyAcceptUnsignedSandboxExport: true,
        },
      }),
    ),
  )
  const strangerServer = createServer((_req, res) =>
    send(
      res,
      200,
      `<!doctype html><title>Stranger</title><iframe src="${signer}/signer.html"></iframe>`,
      'text/html',
    ),
  )
  const servers = [appServer, signerServer, strangerServer]
  await Promise.all(servers.map((server, i) => listen(server, ports[i] ?? 0)))
  return {
    app,
    signer,
    stranger,
    sandbox,
    newCustomer: async () => {
      user = await sandbox.createCustomer({ email: `person${++customers}@example.com` })
      await sandbox.fund(user.accountId, 5_000_000)
      return user
    },
    close: async () => {
      for (const server of servers) server.closeAllConnections()
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
      await sandbox.close()
    },
  }
}
