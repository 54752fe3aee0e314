// `npm test`'s first step: a Chromium for the browser and end-to-end tests, before anything slow.
// Found (CHROMIUM_PATH, Playwright's own, a system Chromium on PATH) and it starts (`--version`):
// one line, exit 0; found but it does not start: one sentence, exit 1. None: when
// Playwright's download host answers within seconds, `npx playwright install chromium` and look
// again; otherwise, or when that fails, one sentence on stderr saying what to run, exit 1.
import { spawn, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { findChromium } from './findChromium.mjs'

/** Where Playwright downloads Chromium from (its own default, unless the variables move it). */
const DEFAULT_DOWNLOAD_HOST = 'https://cdn.playwright.dev'
/** How long the download host has to answer before it counts as unreachable. */
const PROBE_TIMEOUT_MS = 3_000

const WAYS = {
  env: 'named by CHROMIUM_PATH',
  system: 'the system one, on PATH',
  playwright: "Playwright's own",
}

const WHAT_TO_DO =
  'install one (Debian: `apt-get install chromium`), run `npx playwright install chromium` where downloads work, or set CHROMIUM_PATH to a Chromium executable'

/** Ends the run with one sentence on stderr. */
function stop(sentence) {
  process.stderr.write(`${sentence}\n`)
  process.exit(1)
}

/** Whether the download host answers at all (any HTTP status) within the timeout. */
async function reachable(host) {
  try {
    await fetch(host, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    return true
  } catch {
    return false
  }
}

/**
 * `npx playwright install chromium`, through the project's own Playwright. Its progress is shown;
 * a failure's report (stack traces included) is kept back and only its first error line returned.
 */
async function installPlaywrightChromium() {
  let cli
  try {
    cli = join(dirname(createRequire(import.meta.url).resolve('playwright/package.json')), 'cli.js')
  } catch {
    return { ok: false, error: 'Playwright is not installed: run `npm install` first' }
  }
  process.stdout.write('No Chromium found: running `npx playwright install chromium`.\n')
  const child = spawn(process.execPath, [cli, 'install', 'chromium'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let failure = ''
  let errors = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    // Progress goes through; from Playwright's "Failed to install" on, the report is held back.
    const at = failure === '' ? chunk.indexOf('Failed to install') : 0
    if (at === -1) return void process.stdout.write(chunk)
    process.stdout.write(chunk.slice(0, at))
    failure += chunk.slice(at)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    errors += chunk
  })
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(-1))
    child.on('close', resolve)
  })
  if (status === 0) return { ok: true }
  const lines = `${errors}\n${failure}`.split('\n').map((line) => line.trim())
  const first = lines.find((line) => line.startsWith('Error: ')) ?? lines.find((line) => line !== '')
  return { ok: false, error: (first ?? `exit code ${status}`).replace(/^Error: /, '').slice(0, 200) }
}

/** Finds a Chromium, or stops with the sentence findChromium gives for a wrong CHROMIUM_PATH. */
function find() {
  try {
    return findChromium()
  } catch (error) {
    return stop(error instanceof Error ? error.message : String(error))
  }
}

/**
 * Stops with a sentence when the Chromium found cannot even print its version (a broken install, or
 * system libraries missing, as Playwright's download on a bare Linux often lacks). Windows'
 * Chrome opens a window for `--version`, so there the launch itself is left to tell.
 */
function checkStarts(found) {
  if (process.platform === 'win32') return
  const run = spawnSync(found.path, ['--version'], { encoding: 'utf8', timeout: 15_000 })
  if (run.status === 0) return
  const said = `${run.stderr ?? ''}`
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /error|not found|cannot/i.test(line))
  const reason = run.error ? run.error.message : (said ?? `exit code ${run.status}`)
  const fix = {
    env: 'point CHROMIUM_PATH at a Chromium that starts, or unset it',
    system:
      'reinstall it (Debian: `apt-get install --reinstall chromium`), or set CHROMIUM_PATH to a Chromium that starts',
    playwright:
      'install its system libraries with `npx playwright install-deps chromium`, or set CHROMIUM_PATH to a Chromium that starts',
  }[found.source]
  stop(
    `The Chromium found at ${found.path} (${WAYS[found.source]}) does not start (${reason.slice(0, 200)}): ${fix}.`,
  )
}

function report(found) {
  checkStarts(found)
  process.stdout.write(`Chromium for the browser tests: ${found.path} (${WAYS[found.source]}).\n`)
}

const found = find()
if (found) {
  report(found)
} else {
  const host =
    process.env.PLAYWRIGHT_CHROMIUM_DOWNLOAD_HOST ||
    process.env.PLAYWRIGHT_DOWNLOAD_HOST ||
    DEFAULT_DOWNLOAD_HOST
  // Node's fetch ignores proxy settings and Playwright's installer honours them: behind a proxy,
  // the installer itself is the probe.
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => process.env[name])
  if (!proxied && !(await reachable(host)))
    stop(
      `No Chromium for the browser tests, and Playwright's download host (${host}) cannot be reached: ${WHAT_TO_DO}.`,
    )
  const install = await installPlaywrightChromium()
  const installed = install.ok ? find() : undefined
  if (!installed)
    stop(
      `No Chromium for the browser tests, and \`npx playwright install chromium\` did not provide one (${install.error ?? 'no Chromium where Playwright looks'}): ${WHAT_TO_DO}.`,
    )
  report(installed)
}
