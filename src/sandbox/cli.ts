import { parseArgs } from 'node:util'
import { createSandbox, type SandboxServer } from './createSandbox.js'

// An HTTP field name (RFC 9110 token).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

const USAGE = `Usage: embedded-wallet-sandbox [--port 8787] [--host localhost] [--origin URL ...] [--rp-id localhost]
                              [--client-id ID] [--client-secret SECRET] [--signature-header NAME]
                              [--webhook-endpoint URL] [--webhook-header NAME]

Starts a local sandbox of the payments service (in memory; stops with Ctrl-C).
  --port     port to listen on (0 picks a free one)        default 8787
  --host     host name; keep localhost for WebAuthn         default localhost
  --origin   origin passkey ceremonies may run on, repeatable  default http://localhost:5173
  --rp-id    WebAuthn relying-party id                      default localhost
  --client-id, --client-secret   HTTP Basic credentials   default sandbox-client and a random secret
  --signature-header   wallet-signature header to read   default Service-Wallet-Signature
                       (Grid-Wallet-Signature: the service's own name, for its guides and scripts)
  --webhook-endpoint   URL to send webhooks to from the start (else PATCH /config)
  --webhook-header     webhook signature header            default X-Service-Signature
                       (X-Grid-Signature: the service's own name)`

/**
 * What the command says when it cannot listen: one sentence naming the port and what to do for the
 * usual causes (a busy port, a port below 1024 without privileges), else the system's own message.
 */
function listenProblem(error: unknown, port: number, host: string): Error {
  const code = (error as { code?: unknown } | null)?.code
  const where = `${host}:${port}`
  if (code === 'EADDRINUSE')
    return new Error(
      `Port ${port} is already in use on ${host}: stop what uses it, or give another with --port (--port 0 picks a free one).`,
      { cause: error },
    )
  if (code === 'EACCES')
    return new Error(
      `Listening on ${where} is not permitted (ports below 1024 need privileges): give another with --port (--port 0 picks a free one).`,
      { cause: error },
    )
  return error instanceof Error ? error : new Error(String(error))
}

/**
 * The `embedded-wallet-sandbox` command: starts a sandbox, prints what a client needs, and returns
 * its server (none for `--help`); Ctrl-C stops it.
 *
 * @example
 * ```ts
 * await main(['--port', '8787', '--signature-header', 'Grid-Wallet-Signature'])
 * ```
 */
export async function main(argv: string[]): Promise<SandboxServer | undefined> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: 'localhost' },
      origin: { type: 'string', multiple: true },
      'rp-id': { type: 'string', default: 'localhost' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'signature-header': { type: 'string' },
      'webhook-endpoint': { type: 'string' },
      'webhook-header': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return undefined
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Not a port: ${values.port}\n\n${USAGE}`)
  const signatureHeaderName = values['signature-header']
  if (signatureHeaderName !== undefined && !HEADER_NAME.test(signatureHeaderName))
    throw new Error(`Not a header name: ${signatureHeaderName}\n\n${USAGE}`)
  const webhookSignatureHeaderName = values['webhook-header']
  if (webhookSignatureHeaderName !== undefined && !HEADER_NAME.test(webhookSignatureHeaderName))
    throw new Error(`Not a header name: ${webhookSignatureHeaderName}\n\n${USAGE}`)
  const webhookEndpoint = values['webhook-endpoint']
  if (webhookEndpoint !== undefined && !/^https?:\/\//.test(webhookEndpoint))
    throw new Error(`Not an http(s) URL: ${webhookEndpoint}\n\n${USAGE}`)
  const sandbox = await createSandbox({
    origins: values.origin ?? ['http://localhost:5173'],
    rpId: values['rp-id'],
    ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
    ...(signatureHeaderName ? { signatureHeaderName } : {}),
    ...(webhookSignatureHeaderName ? { webhookSignatureHeaderName } : {}),
    ...(webhookEndpoint ? { webhookEndpoint } : {}),
  })
  const server = await sandbox.listen({ port, host: values.host }).catch((error: unknown) => {
    throw listenProblem(error, port, values.host)
  })
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')
  console.log(`embedded-wallet sandbox listening

  base URL            ${server.baseUrl}
  client id           ${sandbox.clientId}
  client secret       ${sandbox.clientSecret}
  OTP signer key      ${sandbox.signerPublicKey}
  export signer key   ${sandbox.exportSignerPublicKey}
  webhook key         the PEM below
  webhook header      ${sandbox.config.webhookSignatureHeaderName}, endpoint ${webhookEndpoint ?? 'none (PATCH /config)'}
  signature header    ${sandbox.config.signatureHeaderName}
  passkey RP id       ${sandbox.config.rpId}, origins ${sandbox.config.origins.join(', ')}

  webhook key (SPKI PEM; copy its lines as they are, with no indentation added):
${sandbox.webhookPublicKey.trim()}

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
  return server
}
