// The example, running: a sandbox of the wallet service (in-process), and the page's backend on
// localhost in front of it.
import { createServer } from 'node:http'
import { startTestSandbox } from 'embedded-wallet-auth/testing'
import { createPlainHtmlBackend } from './plainHtmlBackend.mjs'

/**
 * Starts the sandbox with `emails` as its customers and serves the page on `localhost:port`
 * (`0`: a free port). The page trusts the sandbox's OTP signer; passkeys are bound to the page's
 * origin.
 *
 * @example
 * ```js
 * const example = await startPlainHtmlExample({ port: 8795, emails: ['ada@example.com'] })
 * console.log(example.url, example.sandbox.otpCode)
 * await example.close()
 * ```
 * @param {{ port?: number, emails?: string[], tamper?: string, onCspReport?: (report: unknown) => void }} [options]
 *   for tests, `tamper`: a kit file (e.g. `wallet.js`) served with one line added that marks the
 *   page's `globalThis.kitTamperedRan` if it runs, and
 *   `onCspReport`: receives the page's CSP violation reports (its CSP then has a `report-uri`)
 * @returns {Promise<import('./startPlainHtmlExample.d.mts').RunningExample>}
 */
export async function startPlainHtmlExample({
  port = 0,
  emails = ['ada@example.com'],
  tamper,
  onCspReport,
} = {}) {
  let handle = (_req, res) => {
    res.statusCode = 503
    res.end()
  }
  // WebAuthn refuses IP hosts: the page is on localhost.
  const server = createServer((req, res) => handle(req, res))
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, 'localhost', resolve)
  })
  const origin = `http://localhost:${server.address().port}`
  const close = () => new Promise((resolve) => server.close(() => resolve()))
  try {
    const sandbox = await startTestSandbox({
      origins: [origin],
      customers: emails.map((email) => ({ email })),
    })
    handle = createPlainHtmlBackend({
      origin,
      service: sandbox.relayOptions,
      users: sandbox.customers,
      trustedSigner: sandbox.signerPublicKey,
      ...(tamper === undefined ? {} : { tamper }),
      ...(onCspReport === undefined ? {} : { onCspReport }),
    })
    return {
      url: origin,
      sandbox,
      close: async () => {
        server.closeAllConnections()
        await close()
        await sandbox.close()
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}
