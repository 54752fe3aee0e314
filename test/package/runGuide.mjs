// Running a guide's steps as its reader would: shell lines in bash (the folder a `cd` moves to carries
// over to the next block), files written where the reader stands, servers left running in the
// background. Every process is started in its own process group so that it, and whatever it starts
// (the sandbox's own process), can be stopped by that group's id.
import { spawn } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'
import { waitFor } from '../engines/waitFor.mjs'

// Colours and npm's chatter off: the output is read by a test, and shown to a person on a failure.
const QUIET_ENV = {
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
}

const PWD_MARK = '__guide_pwd__='

/**
 * A process started with `bash -c`, its output gathered in `output()`.
 *
 * @param {string} command
 * @param {{ cwd: string, env?: Record<string, string> }} options
 */
export function startBash(command, { cwd, env = {} }) {
  const child = spawn('bash', ['-c', command], {
    cwd,
    env: { ...process.env, ...QUIET_ENV, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout.on('data', (chunk) => {
    text += chunk
  })
  child.stderr.on('data', (chunk) => {
    text += chunk
  })
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
  let running = true
  void exited.then(() => {
    running = false
  })
  return {
    command,
    exited,
    isRunning: () => running,
    output: () => stripVTControlCharacters(text),
    /** Stops the process and everything it started (its process group), and waits for it. */
    async stop() {
      if (!running || child.pid === undefined) return
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
      await exited
    },
  }
}

/**
 * Runs shell `lines` in one bash (`set -e`: the first failing line stops it) from `cwd`, within
 * `timeoutMs`. Returns the folder the lines end in, and their output.
 *
 * @param {string[]} lines
 * @param {{ cwd: string, timeoutMs: number, env?: Record<string, string> }} options
 */
export async function runShell(lines, { cwd, timeoutMs, env }) {
  const script = ['set -euo pipefail', ...lines, `echo "${PWD_MARK}$PWD"`].join('\n')
  const shell = startBash(script, { cwd, ...(env ? { env } : {}) })
  let timer
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  const result = await Promise.race([shell.exited, timedOut])
  clearTimeout(timer)
  if (result === 'timeout') {
    await shell.stop()
    throw new Error(`These steps took over ${timeoutMs / 1000} s:\n${lines.join('\n')}\n\n${shell.output()}`)
  }
  const output = shell.output()
  if (result !== 0) throw new Error(`These steps failed (exit ${result}):\n${lines.join('\n')}\n\n${output}`)
  const pwd = output.split('\n').find((line) => line.startsWith(PWD_MARK))
  if (!pwd) throw new Error(`no folder after the steps:\n${output}`)
  return { cwd: pwd.slice(PWD_MARK.length), output: output.replace(`${pwd}\n`, '') }
}

/**
 * Starts `command` in the background from `cwd` and waits (within `timeoutMs`) until it prints a
 * `http://localhost:<port>` address, which it answers: the address it serves on.
 *
 * @param {string} command
 * @param {{ cwd: string, timeoutMs: number }} options
 */
export async function startServer(command, { cwd, timeoutMs }) {
  const server = startBash(command, { cwd })
  try {
    const url = await waitFor(
      () => {
        if (!server.isRunning()) throw new Error(`\`${command}\` stopped`)
        return /http:\/\/localhost:\d+\/?/.exec(server.output())?.[0]
      },
      { timeoutMs, what: `\`${command}\` to print the address it serves on`, intervalMs: 100 },
    )
    return { ...server, url }
  } catch (error) {
    await server.stop()
    throw new Error(`${error instanceof Error ? error.message : error}\n${server.output()}`)
  }
}
