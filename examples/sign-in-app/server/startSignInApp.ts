// Builds the page and serves it with its backend: `vite build` then `vite preview`, as code.
import { fileURLToPath } from 'node:url'
import { build, type InlineConfig, preview } from 'vite'
import { type AppSettings, appBackend } from './appBackend.js'

/** The app, running: its URL, and how to stop it. */
export interface RunningApp {
  url: string
  close(): Promise<void>
}

/** Builds the example app and serves it on `localhost:port`, its backend set up with `settings`. */
export async function startSignInApp(
  port: number,
  settings: Omit<AppSettings, 'origin'>,
): Promise<RunningApp> {
  const origin = `http://localhost:${port}`
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
    preview: { host: 'localhost', port, strictPort: true },
    plugins: [appBackend({ ...settings, origin })],
  }
  await build(config)
  const server = await preview(config)
  return { url: origin, close: () => server.close() }
}
