// Starts the demo as e2e/playwright.config.ts's webServer does (`npm run demo`, the page, the signer
// document and the local sandbox, no live reload), on ports of its own: for the cross-engine run,
// which drives Firefox and WebKitGTK through their drivers rather than Playwright.
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { freePorts } from '../test/engines/freePorts.mjs'
import { waitFor } from '../test/engines/waitFor.mjs'

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))

/**
 * Runs `npm run demo` in its own process group on free ports (never the 5173-5176 and 8787-8788 of
 * a developer's demo or the Playwright suite) and waits until its page answers. `close()` ends the
 * whole group (npm, Vite, the signer and the sandbox in it) and removes the signer build Vite made
 * for this run's port.
 *
 * @example
 * ```js
 * const demo = await startDemo()
 * await browser.navigate(`${demo.url}/`)
 * await demo.close()
 * ```
 * @param {{ signatureHeader?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, signerOrigin: string, close(): Promise<void> }>}
 */
export async function startDemo({ signatureHeader = 'Grid-Wallet-Signature', timeoutMs = 180_000 } = {}) {
  const [page, signer, sandbox] = await freePorts(3)
  const child = spawn('npm', ['run', 'demo'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DEMO_PORT: String(page),
      DEMO_SIGNER_PORT: String(signer),
      DEMO_SANDBOX_PORT: String(sandbox),
      DEMO_SIGNATURE_HEADER: signatureHeader,
      DEMO_WATCH: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    output = (output + chunk).slice(-4_000)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const signal = (name) => {
    try {
      process.kill(-child.pid, name)
    } catch {
      // already gone
    }
  }
  let closing
  const close = () => {
    closing ??= (async () => {
      signal('SIGTERM')
      // What does not end on SIGTERM within seconds is killed: a run never hangs on it.
      const timer = setTimeout(() => signal('SIGKILL'), 10_000)
      if (child.exitCode === null && child.signalCode === null) await exited
      clearTimeout(timer)
      await rm(`${repositoryRoot}node_modules/.cache/demo-signer-${signer}`, { recursive: true, force: true })
    })()
    return closing
  }
  const url = `http://localhost:${page}`
  try {
    // The page answers once the backend has started the sandbox and built the signer document.
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`The demo exited at start: ${output.trim()}`)
        const answered = await fetch(`${url}/api/demo/config`).then(
          (response) => response.ok,
          () => false,
        )
        return answered || undefined
      },
      { timeoutMs, what: `the demo to answer on ${url}`, intervalMs: 250 },
    )
  } catch (error) {
    await close()
    throw error
  }
  return { url, signerOrigin: `http://localhost:${signer}`, close }
}
