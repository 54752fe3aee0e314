import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findChromium } from '../browser/findChromium.mjs'
import { ROOT, runNode } from '../helpers/runNode.js'

const ENSURE = join(ROOT, 'test/browser/ensureChromium.mjs')

/** A localhost URL nothing listens on: a port the system handed out, then closed again. */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

let work: string
let noChromium: Record<string, string>
// This machine's Chromium (any way): the one the children are given, under each way's name.
let realChromium: string

beforeAll(async () => {
  const found = findChromium()
  if (!found) throw new Error('these tests need a Chromium on this machine (npm test checks that first)')
  realChromium = found.path
  work = mkdtempSync(join(tmpdir(), 'ensure-chromium-'))
  for (const dir of ['empty-path', 'no-browsers', 'system-path', 'browsers']) mkdirSync(join(work, dir))
  symlinkSync(realChromium, join(work, 'system-path', 'chromium'))
  // A machine without Chromium: nothing on PATH, no Playwright download, the download host closed.
  noChromium = {
    HOME: work,
    PATH: join(work, 'empty-path'),
    PLAYWRIGHT_BROWSERS_PATH: join(work, 'no-browsers'),
    PLAYWRIGHT_DOWNLOAD_HOST: await closedPort(),
  }
})

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('npm test without a Chromium', () => {
  it('stops within seconds with one sentence saying what to run, when nothing can be downloaded', async () => {
    const run = await runNode([ENSURE], noChromium)
    expect(run.status).toBe(1)
    expect(run.ms).toBeLessThan(10_000)
    expect(run.stdout).toBe('')
    const sentence = run.stderr.trimEnd()
    expect(sentence.split('\n')).toHaveLength(1)
    expect(sentence).toMatch(/^No Chromium .*\.$/)
    expect(sentence).not.toMatch(/\bat .*:\d+:\d+/)
    for (const remedy of ['apt-get install chromium', 'npx playwright install chromium', 'CHROMIUM_PATH'])
      expect(sentence).toContain(remedy)
    expect(sentence).toContain(noChromium.PLAYWRIGHT_DOWNLOAD_HOST)
  })

  it('tries `npx playwright install chromium` when the host answers, and when that fails says so in one sentence', async () => {
    // A download host that answers every request, and has no Chromium: 404.
    const host = createHttpServer((_request, response) => response.writeHead(404).end())
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    const address = host.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    try {
      const run = await runNode([ENSURE], {
        ...noChromium,
        PLAYWRIGHT_DOWNLOAD_HOST: url,
        PLAYWRIGHT_BROWSERS_PATH: join(work, 'failed-install'),
      })
      expect(run.status).toBe(1)
      expect(run.stdout).toContain('running `npx playwright install chromium`')
      // Playwright's own failure report (stack traces) is held back: only the sentence.
      expect(run.stdout).not.toMatch(/\bat .*:\d+:\d+/)
      const sentence = run.stderr.trimEnd()
      expect(sentence.split('\n')).toHaveLength(1)
      expect(sentence).toMatch(
        /^No Chromium .*`npx playwright install chromium` did not provide one .*404.*CHROMIUM_PATH.*\.$/,
      )
    } finally {
      await new Promise((resolve) => host.close(resolve))
    }
  }, 60_000)

  it('names CHROMIUM_PATH when it points at nothing, or at a directory', async () => {
    for (const wrong of [join(work, 'not-there'), join(work, 'browsers')]) {
      const run = await runNode([ENSURE], {
        ...noChromium,
        PATH: join(work, 'system-path'),
        CHROMIUM_PATH: wrong,
      })
      expect(run.status).toBe(1)
      const sentence = run.stderr.trimEnd()
      expect(sentence.split('\n')).toHaveLength(1)
      expect(sentence).toMatch(/^CHROMIUM_PATH is set to .* not an executable file/)
      expect(sentence).toContain(wrong)
    }
  })

  it('stops with one sentence when the Chromium found does not start (a library missing)', async () => {
    const broken = join(work, 'broken-chromium')
    writeFileSync(
      broken,
      '#!/bin/sh\necho "chrome: error while loading shared libraries: libnss3.so: cannot open shared object file" >&2\nexit 127\n',
      { mode: 0o755 },
    )
    const run = await runNode([ENSURE], { ...noChromium, CHROMIUM_PATH: broken })
    expect(run.status).toBe(1)
    const sentence = run.stderr.trimEnd()
    expect(sentence.split('\n')).toHaveLength(1)
    expect(sentence).toBe(
      `The Chromium found at ${broken} (named by CHROMIUM_PATH) does not start (chrome: error while loading shared libraries: libnss3.so: cannot open shared object file): point CHROMIUM_PATH at a Chromium that starts, or unset it.`,
    )
  })
})

describe('npm test finds a Chromium', () => {
  it('named by CHROMIUM_PATH, before one on PATH', async () => {
    const run = await runNode([ENSURE], {
      ...noChromium,
      PATH: join(work, 'system-path'),
      CHROMIUM_PATH: realChromium,
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(`Chromium for the browser tests: ${realChromium} (named by CHROMIUM_PATH).\n`)
  })

  it('on PATH (the system one: Debian installs /usr/bin/chromium)', async () => {
    const run = await runNode([ENSURE], { ...noChromium, PATH: join(work, 'system-path') })
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(
      `Chromium for the browser tests: ${join(work, 'system-path', 'chromium')} (the system one, on PATH).\n`,
    )
  })

  it("as Playwright's own download, which the launch options then start", async () => {
    const browsers = { ...noChromium, PLAYWRIGHT_BROWSERS_PATH: join(work, 'browsers') }
    // Where Playwright looks for its Chromium under that directory, as Playwright itself says.
    const where = await runNode(
      ['--input-type=module', '-e', "console.log((await import('playwright')).chromium.executablePath())"],
      browsers,
    )
    const executable = where.stdout.trim()
    expect(executable.startsWith(join(work, 'browsers'))).toBe(true)
    mkdirSync(dirname(executable), { recursive: true })
    symlinkSync(realChromium, executable)

    const run = await runNode([ENSURE], browsers)
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(`Chromium for the browser tests: ${executable} (Playwright's own).\n`)

    // The project's launch options start that very file (not a headless shell it does not have).
    const launch = await runNode(
      [
        '--input-type=module',
        '-e',
        `import { chromium } from 'playwright'
         import { chromiumLaunchOptions } from './test/browser/chromium.mjs'
         const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions })
         console.log(JSON.stringify({ executablePath: chromiumLaunchOptions.executablePath, version: browser.version() }))
         await browser.close()`,
      ],
      browsers,
    )
    expect(launch.stderr).toBe('')
    expect(JSON.parse(launch.stdout)).toEqual({ version: expect.stringMatching(/^\d+\./) })
  }, 30_000)
})
