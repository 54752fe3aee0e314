// Firefox driven over Marionette, the TCP protocol geckodriver itself speaks to Firefox: the W3C
// WebDriver commands plus WebAuthn's virtual authenticator, with no driver binary and no npm
// dependency. Messages are `length:json`, a command `[0, id, name, params]`, its answer
// `[1, id, error, result]`.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectBiDi } from './bidi.mjs'
import { clickActions, keyActions } from './inputActions.mjs'
import { waitFor } from './waitFor.mjs'

/** The profile's preferences: a free Marionette port, and WebAuthn answered by the soft token only. */
const PREFS = {
  'marionette.port': 0,
  'security.webauth.webauthn_enable_softtoken': true,
  'security.webauth.webauthn_enable_usbtoken': false,
}

/** Reads `length:json` messages off a socket, calling `onMessage` with each parsed one. */
function readMessages(socket, onMessage) {
  let buffer = Buffer.alloc(0)
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const colon = buffer.indexOf(':')
      if (colon === -1) return
      const length = Number(buffer.subarray(0, colon).toString('latin1'))
      if (buffer.length < colon + 1 + length) return
      onMessage(JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString('utf8')))
      buffer = buffer.subarray(colon + 1 + length)
    }
  })
}

// The member naming a web element's id in what a script returns (WebDriver's element reference).
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'

/** A Marionette connection: `send(name, params)` answers the command's result or rejects with its error. */
async function connectMarionette(port) {
  const socket = connect(port, 'localhost')
  const pending = new Map()
  let nextId = 1
  readMessages(socket, (message) => {
    if (!Array.isArray(message)) return // the greeting: { applicationType, marionetteProtocol }
    const [, id, error, result] = message
    const waiting = pending.get(id)
    pending.delete(id)
    if (error) waiting?.reject(new Error(`${error.error}: ${error.message}`))
    else waiting?.resolve(result)
  })
  socket.on('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('Marionette closed the connection'))
    pending.clear()
  })
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  return {
    send(name, params = {}) {
      return new Promise((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve, reject })
        const body = Buffer.from(JSON.stringify([0, id, name, params]), 'utf8')
        socket.write(`${body.length}:`)
        socket.write(body)
      })
    },
    close: () => socket.destroy(),
  }
}

/**
 * Starts a headless Firefox with a fresh profile and a Marionette session on it.
 *
 * @example
 * ```js
 * const browser = await launchFirefox({ path: '/usr/bin/firefox-esr' })
 * await browser.navigate('http://localhost:5173/')
 * await browser.close()
 * ```
 * @param {{ path: string, bidi?: boolean }} options the Firefox executable; `bidi`: also open a WebDriver
 *   BiDi connection to the session, for `addPreloadScript`
 */
export async function launchFirefox({ path, bidi = false }) {
  const profile = mkdtempSync(join(tmpdir(), 'engines-firefox-'))
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(PREFS)
      .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
      .join(''),
  )
  // BiDi is served by Firefox's Remote Agent, listening only when given a port (0: a free one).
  const flags = bidi ? ['--remote-debugging-port=0'] : []
  const child = spawn(path, ['--headless', '--marionette', ...flags, '--no-remote', '--profile', profile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    output = (output + chunk).slice(-2_000)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill()
    // A Firefox that does not end on SIGTERM within seconds is killed: a run never hangs on it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    // Firefox writes the port it chose into the profile once Marionette listens.
    const port = await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`Firefox exited at start: ${output.trim()}`)
        try {
          return Number(readFileSync(join(profile, 'MarionetteActivePort'), 'utf8')) || undefined
        } catch {
          return undefined
        }
      },
      { timeoutMs: 30_000, what: 'Firefox to open Marionette' },
    )
    const marionette = await connectMarionette(port)
    const { capabilities } = await marionette.send('WebDriver:NewSession', bidi ? { webSocketUrl: true } : {})
    const bidiSession = bidi ? await connectBiDi(capabilities.webSocketUrl) : undefined
    return {
      name: 'firefox',
      version: capabilities.browserVersion,
      navigate: (url) => marionette.send('WebDriver:Navigate', { url }),
      /** Runs `script` as a function body in the page; a promise it returns is awaited. */
      execute: async (script, args = []) =>
        (await marionette.send('WebDriver:ExecuteScript', { script, args })).value,
      addVirtualAuthenticator: async () =>
        (
          await marionette.send('WebAuthn:AddVirtualAuthenticator', {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserConsenting: true,
            isUserVerified: true,
          })
        ).value,
      /**
       * Makes `frame` (an element a script returned) the context later commands run in; `null`:
       * back to the top-level document.
       */
      switchToFrame: (frame) =>
        marionette.send(
          'WebDriver:SwitchToFrame',
          frame === null ? {} : { element: frame[ELEMENT], focus: false },
        ),
      /** Presses and releases each of `keys` in turn, wherever focus is: the person's keyboard. */
      pressKeys: (keys) => marionette.send('WebDriver:PerformActions', { actions: keyActions(keys) }),
      /** Releases every key and button an interrupted `pressKeys` or `clickAt` left pressed. */
      releaseActions: () => marionette.send('WebDriver:ReleaseActions'),
      /**
       * Moves the mouse to (`x`, `y`) in the viewport, presses and releases it there: the person's
       * click, whatever the page has drawn over that point.
       */
      clickAt: (x, y) => marionette.send('WebDriver:PerformActions', { actions: clickActions(x, y) }),
      /**
       * Only with `bidi`: runs the function `source` declares in every document of the session
       * before any of the document's own scripts (WebDriver BiDi `script.addPreloadScript`).
       */
      ...(bidiSession && {
        addPreloadScript: (source) =>
          bidiSession.send('script.addPreloadScript', { functionDeclaration: source }),
      }),
      close: async () => {
        bidiSession?.close()
        await marionette.send('WebDriver:DeleteSession').catch(() => undefined)
        marionette.close()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
