// WebKitGTK driven by its own WebDriver server (WebKitWebDriver, which starts MiniBrowser) over
// plain W3C WebDriver HTTP: a few fetch calls. MiniBrowser has no headless mode, so the driver
// runs under xvfb-run, a virtual X display.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { clickActions, keyActions } from './inputActions.mjs'
import { waitFor } from './waitFor.mjs'

/** A port free right now, for the driver to listen on. */
async function freePort() {
  const server = createServer()
  await new Promise((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** One W3C WebDriver call: answers `value`, or throws the driver's error and message. */
async function call(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const { value } = await response.json()
  if (!response.ok) throw new Error(`${value?.error}: ${value?.message}`)
  return value
}

/**
 * Starts WebKitWebDriver under xvfb-run and a session in its MiniBrowser.
 *
 * @example
 * ```js
 * const browser = await launchWebKit({ driverPath: '/usr/bin/WebKitWebDriver' })
 * await browser.navigate('http://localhost:5173/')
 * await browser.close()
 * ```
 * @param {{ driverPath: string, xvfbRun?: string }} options the driver, and xvfb-run (default: on PATH)
 */
export async function launchWebKit({ driverPath, xvfbRun = 'xvfb-run' }) {
  const port = await freePort()
  // Its own process group: closing ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  const child = spawn(xvfbRun, ['-a', driverPath, `--port=${port}`, '--host=local'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    output = (output + chunk).slice(-2_000)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const signal = (name) => {
    try {
      process.kill(-child.pid, name)
    } catch {
      // already gone
    }
  }
  const stop = async () => {
    signal('SIGTERM')
    // What does not end on SIGTERM within seconds is killed: a run never hangs on it.
    const timer = setTimeout(() => signal('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  const base = `http://localhost:${port}`
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited at start: ${output.trim()}`)
        return call(base, 'GET', '/status').then(
          () => true,
          () => undefined,
        )
      },
      { timeoutMs: 30_000, what: 'WebKitWebDriver to listen' },
    )
    const { sessionId, capabilities } = await call(base, 'POST', '/session', {
      capabilities: { alwaysMatch: {} },
    })
    const session = `/session/${sessionId}`
    return {
      name: 'webkit',
      version: capabilities.browserVersion,
      navigate: (url) => call(base, 'POST', `${session}/url`, { url }),
      /** Runs `script` as a function body in the page; a promise it returns is awaited. */
      execute: (script, args = []) => call(base, 'POST', `${session}/execute/sync`, { script, args }),
      /**
       * Makes `frame` (an element a script returned) the context later commands run in; `null`:
       * back to the top-level document.
       */
      switchToFrame: (frame) => call(base, 'POST', `${session}/frame`, { id: frame }),
      /** Presses and releases each of `keys` in turn, wherever focus is: the person's keyboard. */
      pressKeys: (keys) => call(base, 'POST', `${session}/actions`, { actions: keyActions(keys) }),
      /** Releases every key and button an interrupted `pressKeys` or `clickAt` left pressed. */
      releaseActions: () => call(base, 'DELETE', `${session}/actions`),
      /**
       * Moves the mouse to (`x`, `y`) in the viewport, presses and releases it there: the person's
       * click, whatever the page has drawn over that point.
       */
      clickAt: (x, y) => call(base, 'POST', `${session}/actions`, { actions: clickActions(x, y) }),
      close: async () => {
        await call(base, 'DELETE', session).catch(() => undefined)
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
