// Three origins on localhost for the attack suite: the app (its page, its backend and the kit's
// relay), the signer document on an origin of its own, and a stranger's page that frames the
// signer. The sandbox runs in-process.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { build } from 'esbuild'
import { createRelay, toNodeHandler, withSignerOrigins } from '../../../src/relay/index.js'
import { serveSigner } from '../../../src/signer/serveSigner.js'
import {
  startTestSandbox,
  type TestCustomer,
  type TestSandbox,
} from '../../../src/testing/startTestSandbox.js'
import { softwareAuthenticator } from '../../sandbox/softwareAuthenticator.js'

export interface AttackHarness {
  app: string
  signer: string
  stranger: string
  sandbox: TestSandbox
  /**
   * A new funded customer, from now on the app's signed-in user (the sandbox limits sign-ins per
   * customer). With `sca`: an EU customer (an address in France), who has enrolled a passkey as
   * the factor that confirms its payments (`scaCredentialId`).
   */
  newCustomer(options?: { sca?: boolean }): Promise<TestCustomer & { scaCredentialId?: string }>
  /** The customer's SCA factors as the service holds them: `TYPE` or `TYPE:credentialId`, sorted. */
  scaFactors(customerId: string): Promise<string[]>
  /**
   * How the signer origin serves its module from now on: as built (`'none'`), with a line appended
   * that leaves a mark when it runs (`'module'`: signer.html still pins the built file), or the same
   * with signer.html pinning the altered file (`'module-and-pin'`: the mark must then show).
   */
  tamperSigner(mode: SignerTampering): void
  /**
   * The person gate's waits in the signer's configuration from the next load on (`minVisibleMs`;
   * `undefined`: the signer's default, 500 ms). `0` turns the waits off, for the controls that
   * show a click the gate refuses would otherwise confirm.
   */
  signerWaits(minVisibleMs: number | undefined): void
  /** How often signer.js was served, and how often the appended line reported it ran. */
  signerModule: { served: number; tamperedRan: number }
  close(): Promise<void>
}

/** What `AttackHarness.tamperSigner` changes in the signer document. */
export type SignerTampering = 'none' | 'module' | 'module-and-pin'

// The appended line: the mark is set on the frame's global, and reported to the signer's own
// origin (its CSP allows calls to itself).
const TAMPER_MARK = "\n;globalThis.signerTamperedRan = true; void fetch('/tampered-ran');\n"

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

// `?attacker`: the hostile script served as the page's first script, for engines whose driver
// cannot install one before the page's code (WebKitWebDriver has no preload script).
const page = (
  attackerFirst: boolean,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wallet app</title>
${attackerFirst ? '<script src="/attacker.js"></script>\n' : ''}<script type="module" src="/app.js"></script></head>
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
  let phoneNumber: string | undefined
  let cardId: string | undefined
  // The platform's own calls to the sandbox (the app's backend would make them), failing loudly.
  const platform = async (method: string, path: string, body?: unknown) => {
    const response = await sandbox.fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { Authorization: sandbox.authorization, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer = (await response.json()) as Record<string, unknown>
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`)
    return answer
  }
  // Enrols a passkey made on the app's origin as the customer's SCA factor, as the person would
  // have done before the attack; answers its credential id.
  const enrolScaPasskey = async (customerId: string) => {
    const query = `?customerId=${encodeURIComponent(customerId)}`
    const authenticator = await softwareAuthenticator(sandbox.sandbox.config.rpId, app)
    const started = (await platform('POST', `/sca/factors${query}`, { type: 'PASSKEY' })) as {
      options: { challenge: string }
    }
    await platform('POST', `/sca/factors/confirm${query}`, {
      type: 'PASSKEY',
      origin: app,
      credential: authenticator.register(started.options.challenge),
    })
    return authenticator.credentialId
  }
  const script = await build({
    entryPoints: [new URL('./app.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  })
  const appJs = script.outputFiles[0]?.text ?? ''
  const attackerScript = await build({
    stdin: {
      contents: "import { installAttacker } from './attacker.ts'\ninstallAttacker()",
      resolveDir: new URL('.', import.meta.url).pathname,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  })
  const attackerJs = attackerScript.outputFiles[0]?.text ?? ''
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
        phoneNumber,
        cardId,
        trustedSigners: [sandbox.signerPublicKey],
        exportSigners: [sandbox.exportSignerPublicKey],
        signerUrl: `${signer}/signer.html`,
      }
      return send(res, 200, JSON.stringify(me), 'application/json')
    }
    if (path === '/app.js') return send(res, 200, appJs, 'text/javascript')
    if (path === '/attacker.js') return send(res, 200, attackerJs, 'text/javascript')
    if (path !== '/') return send(res, 404, '', 'text/plain')
    // The app's own sign-in, which the attacker's script rides on: the cookie is the page's.
    const attackerFirst = new URL(req.url ?? '/', app).searchParams.has('attacker')
    send(res, 200, page(attackerFirst), 'text/html', {
      'Set-Cookie': 'app_session=signed-in; SameSite=Lax; Path=/',
      'Content-Security-Policy': `script-src 'self'; frame-src ${signer}; object-src 'none'`,
    })
  })
  const signerDir = new URL('../../../dist/signer-document/', import.meta.url)
  let minVisibleMs: number | undefined
  const serveSignerDocument = serveSigner({
    dir: signerDir,
    config: () => ({
      appOrigins: [app],
      baseUrl: `${app}/api/wallet`,
      trustedSigners: [sandbox.signerPublicKey],
      exportSigners: [sandbox.exportSignerPublicKey],
      dangerouslyAcceptUnsignedSandboxExport: true,
      ...(minVisibleMs === undefined ? {} : { minVisibleMs }),
    }),
  })
  let tampering: SignerTampering = 'none'
  const signerModule = { served: 0, tamperedRan: 0 }
  const signerServer = createServer(
    toNodeHandler(async (request: Request) => {
      const name = new URL(request.url).pathname.split('/').pop()
      if (name === 'tampered-ran') {
        signerModule.tamperedRan++
        return new Response(null, { status: 204 })
      }
      const response = await serveSignerDocument(request)
      if (name === 'signer.js') signerModule.served++
      if (tampering === 'none' || !response.ok) return response
      const tampered = `${await readFile(new URL('signer.js', signerDir), 'utf8')}${TAMPER_MARK}`
      if (name === 'signer.js') return new Response(tampered, response)
      if (name !== 'signer.html' || tampering !== 'module-and-pin') return response
      const pin = `sha384-${createHash('sha384').update(tampered).digest('base64')}`
      const html = (await response.text()).replace(/integrity="[^"]+"/, `integrity="${pin}"`)
      return new Response(html, response)
    }),
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
    newCustomer: async ({ sca = false } = {}) => {
      customers += 1
      const number = String(customers).padStart(4, '0')
      phoneNumber = sca ? `+3361234${number}` : `+1555010${number}`
      const address = { line1: '1 Rue Haute', city: 'Paris', postalCode: '75001', country: 'FR' }
      user = await sandbox.createCustomer({
        email: `person${customers}@example.com`,
        phoneNumber,
        ...(sca ? { address } : {}),
      })
      await sandbox.fund(user.accountId, 5_000_000)
      // A card the wallet funds: what a delegated key would be made for.
      const card = await sandbox.fetch(`${sandbox.baseUrl}/cards`, {
        method: 'POST',
        headers: { Authorization: sandbox.authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          cardholderId: user.customerId,
          form: 'VIRTUAL',
          fundingSources: [user.accountId],
        }),
      })
      cardId = ((await card.json()) as { id?: string }).id
      return sca ? { ...user, scaCredentialId: await enrolScaPasskey(user.customerId) } : user
    },
    scaFactors: async (customerId) => {
      const { factors } = (await platform(
        'GET',
        `/sca/factors?customerId=${encodeURIComponent(customerId)}`,
      )) as {
        factors: { factor: string; credentialId?: string }[]
      }
      return factors
        .map(({ factor, credentialId }) => (credentialId ? `${factor}:${credentialId}` : factor))
        .sort()
    },
    tamperSigner: (mode) => {
      tampering = mode
    },
    signerWaits: (ms) => {
      minVisibleMs = ms
    },
    signerModule,
    close: async () => {
      for (const server of servers) server.closeAllConnections()
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
      await sandbox.close()
    },
  }
}
