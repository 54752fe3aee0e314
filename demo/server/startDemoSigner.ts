import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { toNodeHandler } from '../../src/relay/index.js'
import { serveSigner } from '../../src/signer/serveSigner.js'
import type { SignerConfig } from '../../src/signer/signerConfig.js'

/** The demo's signer document and the HTTP server it is served from. */
export interface DemoSigner {
  /** Where the page frames it: `http://localhost:<port>/signer.html`. */
  url: string
  origin: string
  /** Stops listening; safe to call more than once. */
  close(): Promise<void>
}

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

// As with the sandbox: on a config change Vite builds the new server before closing the old one,
// each with its own copy of this module, so the running signer is found here to free its port.
const RUNNING = Symbol.for('embedded-wallet-auth.demo.signer')
const registry = globalThis as { [RUNNING]?: DemoSigner }

/**
 * Builds the signer document from `src/signer/` the way `npm run build` does (its one module
 * pinned by integrity in `signer.html`), into a cache folder of this port's, so that a clean clone
 * needs no build first and the demo never frames a stale `dist/`.
 */
async function buildSignerDocument(port: number): Promise<string> {
  const outDir = fileURLToPath(
    new URL(`node_modules/.cache/demo-signer-${port}/`, `file://${repositoryRoot}`),
  )
  await build({
    root: repositoryRoot,
    configFile: fileURLToPath(new URL('vite.signer.config.ts', `file://${repositoryRoot}`)),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/**
 * Builds the signer document and serves it with `serveSigner` on `localhost:port`: the same site
 * as the page (the app's `SameSite` cookie reaches the relay from the signer's requests), another
 * origin (the page's scripts cannot reach its keys, codes or phrase). Closes the signer a previous
 * Vite server of this process started. Rejects with a clear message when the port is busy.
 *
 * @example
 * ```ts
 * const signer = await startDemoSigner({ port: 5174, config: { appOrigins: ['http://localhost:5173'],
 *   baseUrl: 'http://localhost:5173/api/wallet' } })
 * ```
 */
export async function startDemoSigner(options: { port: number; config: SignerConfig }): Promise<DemoSigner> {
  const { port, config } = options
  const host = 'localhost'
  const dir = await buildSignerDocument(port)
  await registry[RUNNING]?.close()
  const server: Server = createServer(toNodeHandler(serveSigner({ dir, config })))
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `The signer cannot listen on ${host}:${port}: the port is busy. Stop what uses it, or set DEMO_SIGNER_PORT to a free port.`,
            )
          : error,
      ),
    )
    server.listen(port, host, resolve)
  })
  const origin = `http://${host}:${port}`
  let closing: Promise<void> | undefined
  const running: DemoSigner = {
    url: `${origin}/signer.html`,
    origin,
    close: () => {
      if (registry[RUNNING] === running) delete registry[RUNNING]
      server.closeAllConnections()
      closing ??= new Promise((resolve) => server.close(() => resolve()))
      return closing
    },
  }
  registry[RUNNING] = running
  return running
}
