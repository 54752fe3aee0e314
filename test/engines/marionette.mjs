// Firefox driven over Marionette, the TCP protocol geckodriver itself speaks to Firefox: the W3C
// WebDriver commands plus WebAuthn's virtual authenticator, with no driver binary and no npm
// dependency. Messages are `length:json`, a command `[0, id, name, params]`, its answer
// `[1, id, error, result]`.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
 * @param {{ path: string }} options the Firefox executable
 */
export async function launchFirefox({ path }) {
  const profile = mkdtempSync(join(tmpdir(), 'engines-firefox-'))
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(PREFS)
      .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
      .join(''),
  )
  const child = spawn(path, ['--headless', '--marionette', '--no-remote', '--profile', profile], {
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
    const { capabilities } = await marionette.send('WebDriver:NewSession', {})
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
      close: async () => {
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
