import { createSandbox, type Sandbox, type SandboxServer } from '../../src/sandbox/index.js'

/** The demo's sandbox and the HTTP server it listens on. */
export interface DemoSandbox {
  sandbox: Sandbox
  server: SandboxServer
  /** Stops listening; safe to call more than once. */
  close(): Promise<void>
}

// On a config change Vite builds the new server before closing the old one, each with its own copy
// of this module: the running sandbox is found here to free its port for the new one.
const RUNNING = Symbol.for('embedded-wallet-auth.demo.sandbox')
const registry = globalThis as { [RUNNING]?: DemoSandbox }

/**
 * Starts the demo's sandbox on `localhost:port` for passkey ceremonies on `origins` (the page's
 * and the signer document's; RP id `localhost`), after closing the one a previous Vite server of this process started. Rejects with
 * a clear message when the port is busy.
 *
 * @example
 * ```ts
 * const { sandbox, server, close } = await startDemoSandbox({ port: 8787, origins: ['http://localhost:5173', 'http://localhost:5174'] })
 * ```
 */
export async function startDemoSandbox(options: {
  port: number
  origins: string[]
  log?: (message: string) => void
  /** The wallet-signature header the sandbox reads. */
  signatureHeaderName?: string
  /** Where the sandbox sends its webhooks (the demo backend's endpoint). */
  webhookEndpoint?: string
  /** How long an incoming payment answered 202 waits for a decision (sandbox clock). */
  incomingPaymentApprovalWindowMs?: number
}): Promise<DemoSandbox> {
  const { port, origins, log, signatureHeaderName, webhookEndpoint, incomingPaymentApprovalWindowMs } =
    options
  const host = 'localhost'
  const sandbox = await createSandbox({
    origins,
    rpId: 'localhost',
    ...(log ? { log } : {}),
    ...(signatureHeaderName ? { signatureHeaderName } : {}),
    ...(webhookEndpoint ? { webhookEndpoint } : {}),
    ...(incomingPaymentApprovalWindowMs ? { incomingPaymentApprovalWindowMs } : {}),
  })
  await registry[RUNNING]?.close()
  const server = await sandbox.listen({ port, host }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error
    throw new Error(
      `The sandbox cannot listen on ${host}:${port}: the port is busy. Stop what uses it, or set DEMO_SANDBOX_PORT to a free port.`,
    )
  })
  let closing: Promise<void> | undefined
  const running: DemoSandbox = {
    sandbox,
    server,
    close: () => {
      if (registry[RUNNING] === running) delete registry[RUNNING]
      closing ??= server.close()
      return closing
    },
  }
  registry[RUNNING] = running
  return running
}
