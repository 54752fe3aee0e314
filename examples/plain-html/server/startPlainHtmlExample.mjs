// The example, running: a sandbox of the wallet service (in-process), the page's backend on
// localhost in front of it, and the signer document on another port of localhost.
import { createServer } from 'node:http'
import { startTestSandbox } from 'embedded-wallet-auth/testing'
import { createPlainHtmlBackend } from './plainHtmlBackend.mjs'
import { createPlainHtmlSigner } from './plainHtmlSigner.mjs'

const unavailable = (_req, res) => {
  res.statusCode = 503
  res.end()
}

/** A server on `localhost:port` (`0`: a free port) whose handler is set once the sandbox runs. */
async function listen(port) {
  let handle = unavailable
  // WebAuthn refuses IP hosts: both origins are on localhost.
  const server = createServer((req, res) => handle(req, res))
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, 'localhost', resolve)
  })
  return {
    origin: `http://localhost:${server.address().port}`,
    serve: (handler) => {
      handle = handler
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Starts the sandbox with `emails` as its customers, serves the page on `localhost:port` and the
 * signer document on `localhost:signerPort` (`0`: a free port). The signer trusts the sandbox's
 * OTP and export signers; passkeys are made in the signer and bound to both origins.
 *
 * @example
 * ```js
 * const example = await startPlainHtmlExample({ port: 8795, signerPort: 8794, emails: ['ada@example.com'] })
 * console.log(example.url, example.signerUrl, example.sandbox.otpCode)
 * await example.close()
 * ```
 * @param {{ port?: number, signerPort?: number, emails?: string[], tamper?: string, tamperSigner?: boolean, onCspReport?: (report: unknown) => void }} [options]
 *   for tests, `tamper`: a kit file (e.g. `signer-client.js`) served with one line added that
 *   marks the page's `globalThis.kitTamperedRan` if it runs; `tamperSigner`: the signer's
 *   `signer.js` served so (the mark then in the frame's global); and `onCspReport`: receives the
 *   page's CSP violation reports (its CSP then has a `report-uri`)
 * @returns {Promise<import('./startPlainHtmlExample.d.mts').RunningExample>}
 */
export async function startPlainHtmlExample({
  port = 0,
  signerPort = 0,
  emails = ['ada@example.com'],
  tamper,
  tamperSigner = false,
  onCspReport,
} = {}) {
  const servers = []
  const closeServers = () => Promise.all(servers.map((server) => server.close()))
  try {
    const page = await listen(port)
    servers.push(page)
    const signer = await listen(signerPort)
    servers.push(signer)
    const sandbox = await startTestSandbox({
      origins: [page.origin, signer.origin],
      customers: emails.map((email) => ({ email })),
    })
    page.serve(
      createPlainHtmlBackend({
        origin: page.origin,
        signerOrigin: signer.origin,
        service: sandbox.relayOptions,
        users: sandbox.customers,
        ...(tamper === undefined ? {} : { tamper }),
        ...(onCspReport === undefined ? {} : { onCspReport }),
      }),
    )
    signer.serve(
      createPlainHtmlSigner({
        appOrigin: page.origin,
        trustedSigner: sandbox.signerPublicKey,
        exportSigner: sandbox.exportSignerPublicKey,
        tamper: tamperSigner,
      }),
    )
    return {
      url: page.origin,
      signerUrl: signer.origin,
      sandbox,
      close: async () => {
        await closeServers()
        await sandbox.close()
      },
    }
  } catch (error) {
    await closeServers()
    throw error
  }
}
