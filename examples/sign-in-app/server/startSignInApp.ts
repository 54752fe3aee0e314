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

/**
 * Builds the example app and serves it on `localhost:port`, its backend set up with `settings`,
 * and its signer on `localhost:signer.port`.
 */
export async function startSignInApp(
  port: number,
  {
    signer: signerSettings,
    ...settings
  }: Omit<AppSettings, 'origin' | 'signerOrigin'> & { signer: SignerSettings },
): Promise<RunningApp> {
  const origin = `http://localhost:${port}`
  const signer = await startSigner(signerSettings, origin)
  const config: InlineConfig = {
    root: fileURLToPath(new URL('..', import.meta.url)),
    configFile: false,
    logLevel: 'error',
    build: {
      target: 'es2022',
      outDir: fileURLToPath(new URL('../../../test-results/sign-in-app/dist', import.meta.url)),
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
