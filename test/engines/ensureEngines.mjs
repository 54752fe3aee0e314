// `npm test`'s second step: the browsers of the cross-engine tests (test/engines), before anything
// slow. Firefox (FIREFOX_PATH, or firefox-esr / firefox on PATH) that starts, WebKitGTK's
// WebKitWebDriver (WEBKIT_DRIVER_PATH, or on PATH) and xvfb-run (with xauth), its MiniBrowser's display:
// one line, exit 0; otherwise one sentence on stderr saying what to install, exit 1.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { findFirefox } from '../browser/findFirefox.mjs'
import { findWebKitDriver } from '../browser/findWebKitDriver.mjs'

/** Ends the run with one sentence on stderr. */
function stop(sentence) {
  process.stderr.write(`${sentence}\n`)
  process.exit(1)
}

/** Runs a finder, stopping with its sentence when a variable names no executable. */
function find(finder) {
  try {
    return finder()
  } catch (error) {
    return stop(error instanceof Error ? error.message : String(error))
  }
}

/** `name` on PATH, or undefined. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    try {
      accessSync(join(dir, name), constants.X_OK)
      return join(dir, name)
    } catch {
      // not in this directory
    }
  }
  return undefined
}

const firefox = find(findFirefox)
const webkit = find(findWebKitDriver)
const xvfbRun = onPath('xvfb-run')
// xvfb-run needs xauth, which Debian's xvfb only recommends.
const xauth = onPath('xauth')
const missing = [
  firefox ? undefined : { what: 'Firefox', debian: 'firefox-esr', point: 'FIREFOX_PATH at a Firefox' },
  webkit
    ? undefined
    : {
        what: 'WebKitWebDriver',
        debian: 'webkit2gtk-driver',
        point: 'WEBKIT_DRIVER_PATH at a WebKitWebDriver',
      },
  xvfbRun ? undefined : { what: 'xvfb-run', debian: 'xvfb' },
  xauth ? undefined : { what: 'xauth', debian: 'xauth' },
].filter((entry) => entry !== undefined)
if (missing.length > 0) {
  const names = missing.map((entry) => entry.what)
  const points = missing.flatMap((entry) => (entry.point ? [entry.point] : []))
  stop(
    `The cross-engine tests need ${[names.slice(0, -1).join(', '), names.at(-1)].filter(Boolean).join(' and ')}: ` +
      `install ${missing.length > 1 ? 'them' : 'it'} (Debian: \`apt-get install ${missing.map((entry) => entry.debian).join(' ')}\`)` +
      `${points.length > 0 ? `, or point ${points.join(' and ')}` : ''}.`,
  )
}
const version = spawnSync(firefox.path, ['--version'], { encoding: 'utf8', timeout: 15_000 })
if (version.status !== 0) {
  stop(
    `The Firefox found at ${firefox.path} does not start (${(version.error?.message ?? version.stderr ?? `exit code ${version.status}`).trim().slice(0, 200)}): reinstall it (Debian: \`apt-get install --reinstall firefox-esr\`) or set FIREFOX_PATH to a Firefox that starts.`,
  )
}
process.stdout.write(
  `Cross-engine tests: ${version.stdout.trim()} (${firefox.path}), WebKitGTK by ${webkit.path} under ${xvfbRun}.\n`,
)
