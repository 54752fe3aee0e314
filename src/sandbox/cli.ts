import { parseArgs } from 'node:util'
import { createSandbox } from './createSandbox.js'

const USAGE = `Usage: embedded-wallet-sandbox [--port 8787] [--host localhost] [--origin URL ...] [--rp-id localhost]
                              [--client-id ID] [--client-secret SECRET]

Starts a local sandbox of the payments service (in memory; stops with Ctrl-C).
  --port     port to listen on (0 picks a free one)        default 8787
  --host     host name; keep localhost for WebAuthn         default localhost
  --origin   origin passkey ceremonies may run on, repeatable  default http://localhost:5173
  --rp-id    WebAuthn relying-party id                      default localhost
  --client-id, --client-secret   HTTP Basic credentials   default sandbox-client and a random secret`

/**
 * The `embedded-wallet-sandbox` command: starts a sandbox and prints what a client needs.
 *
 * @example
 * ```ts
 * await main(['--port', '8787'])
 * ```
 */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: 'localhost' },
      origin: { type: 'string', multiple: true },
      'rp-id': { type: 'string', default: 'localhost' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Not a port: ${values.port}\n\n${USAGE}`)
  const sandbox = await createSandbox({
    origins: values.origin ?? ['http://localhost:5173'],
    rpId: values['rp-id'],
    ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
  })
  const server = await sandbox.listen({ port, host: values.host })
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')
  console.log(`embedded-wallet sandbox listening

  base URL            ${server.baseUrl}
  client id           ${sandbox.clientId}
  client secret       ${sandbox.clientSecret}
  OTP signer key      ${sandbox.signerPublicKey}
  export signer key   ${sandbox.exportSignerPublicKey}
  passkey RP id       ${sandbox.config.rpId}, origins ${sandbox.config.origins.join(', ')}

  test values: OTP code 000000 · SCA SMS code 123456 · UMA $success.usd@${sandbox.config.umaDomain}

  try: curl -s -H 'Authorization: Basic ${basic}' -H 'Content-Type: application/json' \\
         -d '{"customerType":"INDIVIDUAL","fullName":"Ada Lovelace","email":"ada@example.com"}' \\
         ${server.baseUrl}/customers
`)
  const stop = () => {
    server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
