// Builds the page and serves it with its backend (`vite build` then `vite preview`, as code), and
// the signer document on its own origin beside it.
import { fileURLToPath } from 'node:url'
import { build, type InlineConfig, preview } from 'vite'
import { type AppSettings, appBackend } from './appBackend.js'
import { type SignerSettings, startSigner } from './startSigner.js'

/** The app, running: its URL, and how to stop it. */
export interface RunningApp {
  url: string
  close(): Promise<void>
}

/** Where the page is built unless `startSignInApp` is told (Playwright's run of the app). */
const DEFAULT_OUT_DIR = fileURLToPath(new URL('../../../test-results/sign-in-app/dist', import.meta.url))

/**
 * Builds the example app and serves it on `localhost:port`, its backend set up with `settings`,
 * and its signer on `localhost:signer.port`. `outDir` is where the page is built: runs side by
 * side need one each (a build empties it first).
 */
export async function startSignInApp(
  port: number,
  {
    signer: signerSettings,
    outDir = DEFAULT_OUT_DIR,
    ...settings
  }: Omit<AppSettings, 'origin' | 'signerOrigin'> & { signer: SignerSettings; outDir?: string },
): Promise<RunningApp> {
  const origin = `http://localhost:${port}`
  const signer = await startSigner(signerSettings, origin)
  const config: InlineConfig = {
    root: fileURLToPath(new URL('..', import.meta.url)),
    configFile: false,
    logLevel: 'error',
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: true,
    },
    // WebAuthn refuses IP hosts: the page is on localhost.
    // Vite's own CORS would answer the signer's preflights without credentials: the relay's
    // `withSignerOrigins` answers them instead.
    preview: { host: 'localhost', port, strictPort: true, cors: false },
    plugins: [appBackend({ ...settings, origin, signerOrigin: signer.origin })],
  }
  let server: Awaited<ReturnType<typeof preview>>
  try {
    await build(config)
    server = await preview(config)
  } catch (error) {
    await signer.close()
    throw error
  }
  return {
    url: origin,
    close: async () => {
      await server.close()
      await signer.close()
    },
  }
}
