// The signer document on an origin of its own: the kit's build of it, served by `serveSigner` with
// this deployment's settings. The app's page frames it; it holds the session keys, draws the code
// box, asks the person to confirm, and calls the app's relay itself.
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { toNodeHandler } from 'embedded-wallet-auth/relay'
import { serveSigner } from 'embedded-wallet-auth/signer'

/** What the signer is started with: in production from its configuration, in tests from the sandbox. */
export interface SignerSettings {
  /** The port of its own origin, `http://localhost:<port>` (same site as the app: both `localhost`). */
  port: number
  /** OTP target-bundle signers to trust; omitted, the service's own. */
  trustedSigners?: string[]
  /** Wallet-export signers to trust; omitted, the service's own. */
  exportSigners?: string[]
  /** The sandbox's unsigned exports: the sandbox only, never against the service. */
  dangerouslyAcceptUnsignedSandboxExport?: boolean
}

/** The signer, running: its origin, and how to stop it. */
export interface RunningSigner {
  origin: string
  close(): Promise<void>
}

/** Serves the signer document for the app at `appOrigin`, whose relay is at `/api/wallet`. */
export async function startSigner(
  { port, ...settings }: SignerSettings,
  appOrigin: string,
): Promise<RunningSigner> {
  const origin = `http://localhost:${port}`
  const server = createServer(
    toNodeHandler(
      serveSigner({
        config: { appOrigins: [appOrigin], baseUrl: `${appOrigin}/api/wallet`, ...settings },
        // In your app, leave `dir` out (the package's own build). Here the test runner maps the
        // package's entries to this repository's sources, so its build is named.
        dir: fileURLToPath(new URL('../../../dist/signer-document/', import.meta.url)),
      }),
    ),
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, 'localhost', resolve)
  })
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
