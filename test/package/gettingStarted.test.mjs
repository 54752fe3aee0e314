// docs/guides/getting-started.md followed word for word in a new folder, as `npm test`'s step
// `npm run test:guide` (run it alone with `node --test test/package/gettingStarted.test.mjs`, after
// `npm run build`): its commands typed in bash, its files written as they are, its two servers
// started, and the sign-in it describes done in Chromium with the sandbox's code.
//
// Two things differ from the reader's run, both said where they happen:
// - "install before the registry": the guide clones this repository and packs it; the test packs
//   this checkout (already built by `npm test`) into the folder the guide clones to, under the name
//   the guide says `npm pack` writes, then runs the guide's own `npm install` of that file. The
//   other packages (vite, the kit's dependencies) come from the npm registry.
// - the backend's port: the guide's 3000 becomes a free port, in every file and command, so that a
//   machine with something on 3000 does not fail the test. Vite picks its own port when 5173 is taken.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../browser/chromium.mjs'
import { freePorts } from '../engines/freePorts.mjs'
import { guideSteps } from './guideSteps.mjs'
import { runShell, startServer } from './runGuide.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const GUIDE = join(ROOT, 'docs/guides/getting-started.md')
const FIRST = '1. Install'
const LAST = '4. Sign in'
// Installs fetch from the registry: a minute or two on a slow link, each.
const INSTALL_TIMEOUT_MS = 5 * 60_000
const SERVER_TIMEOUT_MS = 60_000
const SIGN_IN_TIMEOUT_MS = 30_000
// The whole path, installs included: what `npm test` waits for at most.
const TEST_TIMEOUT_MS = 12 * 60_000

const work = await mkdtemp(join(os.tmpdir(), 'ewa-getting-started-'))
/** @type {{ stop(): Promise<void>, output(): string, command: string }[]} */
const servers = []

after(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  if (process.env.KEEP_GUIDE_APP) console.log(`the guide's app is kept in ${work}`)
  else await rm(work, { recursive: true, force: true })
})

/**
 * The guide's shell lines with its clone-and-pack replaced by packing this checkout where the
 * clone would be. The guide's `npm install` of the tarball stays as it is.
 *
 * @param {string[]} lines
 * @param {{ found: { clone: boolean, pack: boolean } }} state
 */
function withThisCheckout(lines, state) {
  return lines.map((line) => {
    const clone = /^git clone \S+(?: \S+)*? (\S+)\s*$/.exec(line.replace(/<[^>]*>/, 'URL'))
    if (clone) {
      state.found.clone = true
      return `mkdir -p ${clone[1]}   # instead of: ${line}`
    }
    const pack = /^\(cd (\S+) && .*\bnpm pack\)\s*#.*\bwrites (\S+\.tgz)/.exec(line)
    if (pack) {
      state.found.pack = true
      const [, dir, tarball] = pack
      // Built already: --ignore-scripts keeps the package's prepack from building it again.
      return [
        `dest="$(cd ${dir} && pwd)"`,
        `(cd "${ROOT}" && npm pack --ignore-scripts --pack-destination "$dest" >/dev/null)`,
        `test -f "$dest/${tarball}" || { echo "npm pack did not write ${tarball}, as the guide says: $(ls "$dest")"; exit 1; }`,
      ].join('\n')
    }
    return line
  })
}

/** What the guide's last section says to do in the page: the button to press and the code to type. */
function signInWords(markdown) {
  const press = /press "([^"]+)"/.exec(markdown)?.[1]
  const code = /type `(\d+)`/.exec(markdown)?.[1]
  assert.ok(press && code, 'the guide says which button to press and which code to type')
  return { press, code }
}

test('the getting-started guide, followed word for word in a new folder, signs in', {
  timeout: TEST_TIMEOUT_MS,
}, async (t) => {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'the package is built first (npm run build)')
  const markdown = await readFile(GUIDE, 'utf8')
  const steps = guideSteps(markdown, { first: FIRST, last: LAST })
  const [backendPort] = await freePorts(1)
  const port = (/** @type {string} */ text) => text.replaceAll(/\b3000\b/g, String(backendPort))
  const state = { found: { clone: false, pack: false } }
  let cwd = work
  const started = performance.now()

  for (const step of steps) {
    if (step.kind === 'file') {
      await writeFile(join(cwd, step.name), port(step.text))
    } else if (step.heading === LAST) {
      for (const line of step.lines) {
        const server = await startServer(port(line), { cwd, timeoutMs: SERVER_TIMEOUT_MS })
        servers.push(server)
      }
    } else {
      const lines = withThisCheckout(step.lines.map(port), state)
      const ran = await runShell(lines, { cwd, timeoutMs: INSTALL_TIMEOUT_MS })
      cwd = ran.cwd
      t.diagnostic(`${step.heading}: ${step.lines.length} lines ran, now in ${cwd}`)
    }
  }
  assert.deepEqual(state.found, { clone: true, pack: true }, 'the guide clones this repository and packs it')
  assert.equal(servers.length, 2, 'the guide starts the backend and the page')
  t.diagnostic(`installed and started in ${((performance.now() - started) / 1000).toFixed(0)} s`)

  const page = servers.at(-1)?.url ?? ''
  const { press, code } = signInWords(markdown)
  const browser = await chromium.launch(chromiumLaunchOptions)
  const errors = /** @type {string[]} */ ([])
  try {
    const tab = await browser.newPage()
    tab.on('pageerror', (error) => errors.push(error.message))
    tab.setDefaultTimeout(SIGN_IN_TIMEOUT_MS)
    await tab.goto(page)
    await tab.getByRole('button', { name: press, exact: true }).click()
    // The guide says to type the code, nothing more: the form sends it once it is whole.
    await tab.getByLabel('Code', { exact: true }).pressSequentially(code)
    // Signed in: the session's status takes the form's place, as the guide's main.ts does.
    await tab.locator('wallet-session-status').waitFor({ state: 'visible' })
    assert.equal(await tab.locator('wallet-otp-form').count(), 0, 'the form is gone once signed in')
    assert.deepEqual(errors, [], 'the page throws nothing')
  } catch (error) {
    const logs = servers.map((server) => `$ ${server.command}\n${server.output()}`).join('\n\n')
    throw new Error(`${error instanceof Error ? error.message : error}\n\npage errors: ${errors}\n\n${logs}`)
  } finally {
    await browser.close()
  }
  t.diagnostic(`the whole path took ${((performance.now() - started) / 1000).toFixed(0)} s`)
})
