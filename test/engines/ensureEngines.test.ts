import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFirefox } from '../browser/findFirefox.mjs'
import { findWebKitDriver } from '../browser/findWebKitDriver.mjs'
import { ROOT, runNode } from '../helpers/runNode.js'

const ENSURE = join(ROOT, 'test/engines/ensureEngines.mjs')

/** The one line on stderr, checked to be a single sentence with no stack trace. */
function sentenceOf(run: { stderr: string }): string {
  const sentence = run.stderr.trimEnd()
  expect(sentence.split('\n')).toHaveLength(1)
  expect(sentence).toMatch(/\.$/)
  expect(sentence).not.toMatch(/\bat .*:\d+:\d+/)
  return sentence
}

let work: string
let firefox: string
let driver: string
let xvfbRun: string
let xauth: string

beforeAll(() => {
  const foundFirefox = findFirefox()
  const foundDriver = findWebKitDriver()
  if (!foundFirefox || !foundDriver)
    throw new Error('these tests need the engines (npm test checks that first)')
  firefox = foundFirefox.path
  driver = foundDriver.path
  const onPath = (name: string) =>
    (process.env.PATH ?? '')
      .split(delimiter)
      .map((dir) => join(dir, name))
      .find((path) => existsSync(path))
  const foundXvfbRun = onPath('xvfb-run')
  const foundXauth = onPath('xauth')
  if (!foundXvfbRun || !foundXauth)
    throw new Error('these tests need xvfb-run and xauth (npm test checks that first)')
  xvfbRun = foundXvfbRun
  xauth = foundXauth
  work = mkdtempSync(join(tmpdir(), 'ensure-engines-'))
  for (const dir of ['empty-path', 'system-path', 'xvfb-only']) mkdirSync(join(work, dir))
  symlinkSync(firefox, join(work, 'system-path', 'firefox-esr'))
  symlinkSync(driver, join(work, 'system-path', 'WebKitWebDriver'))
  for (const dir of ['system-path', 'xvfb-only']) {
    symlinkSync(xvfbRun, join(work, dir, 'xvfb-run'))
    symlinkSync(xauth, join(work, dir, 'xauth'))
  }
})

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('npm test without Firefox or WebKit', () => {
  it('stops within seconds with one sentence naming the Debian packages and the variables', async () => {
    const run = await runNode([ENSURE], { HOME: work, PATH: join(work, 'empty-path') })
    expect(run.status).toBe(1)
    expect(run.ms).toBeLessThan(10_000)
    expect(run.stdout).toBe('')
    const sentence = sentenceOf(run)
    for (const remedy of [
      'apt-get install firefox-esr webkit2gtk-driver xvfb',
      'FIREFOX_PATH',
      'WEBKIT_DRIVER_PATH',
    ])
      expect(sentence).toContain(remedy)
  })

  it('names only what is missing', async () => {
    const run = await runNode([ENSURE], { HOME: work, PATH: join(work, 'xvfb-only'), FIREFOX_PATH: firefox })
    expect(run.status).toBe(1)
    const sentence = sentenceOf(run)
    expect(sentence).toContain('apt-get install webkit2gtk-driver`')
    expect(sentence).toContain('WEBKIT_DRIVER_PATH')
    expect(sentence).not.toContain('FIREFOX_PATH')
  })

  it('names FIREFOX_PATH or WEBKIT_DRIVER_PATH when it points at nothing, or at a directory', async () => {
    for (const variable of ['FIREFOX_PATH', 'WEBKIT_DRIVER_PATH']) {
      for (const wrong of [join(work, 'not-there'), join(work, 'empty-path')]) {
        const run = await runNode([ENSURE], {
          HOME: work,
          PATH: join(work, 'system-path'),
          [variable]: wrong,
        })
        expect(run.status).toBe(1)
        const sentence = sentenceOf(run)
        expect(sentence).toMatch(new RegExp(`^${variable} is set to .* not an executable file`))
        expect(sentence).toContain(wrong)
      }
    }
  })

  it('stops with one sentence when the Firefox found does not start', async () => {
    const broken = join(work, 'broken-firefox')
    writeFileSync(broken, '#!/bin/sh\necho "XPCOMGlueLoad error: libxul.so missing" >&2\nexit 255\n', {
      mode: 0o755,
    })
    const run = await runNode([ENSURE], { HOME: work, PATH: join(work, 'system-path'), FIREFOX_PATH: broken })
    expect(run.status).toBe(1)
    const sentence = sentenceOf(run)
    expect(sentence).toContain(broken)
    expect(sentence).toContain('FIREFOX_PATH')
  })
})

describe('npm test with Firefox and WebKit', () => {
  it('finds them on PATH and says which, in one line', async () => {
    const run = await runNode([ENSURE], { HOME: work, PATH: join(work, 'system-path') })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1)
    expect(run.stdout).toContain(join(work, 'system-path', 'WebKitWebDriver'))
  })

  it('takes them from FIREFOX_PATH and WEBKIT_DRIVER_PATH', async () => {
    const run = await runNode([ENSURE], {
      HOME: work,
      PATH: join(work, 'xvfb-only'),
      FIREFOX_PATH: firefox,
      WEBKIT_DRIVER_PATH: driver,
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(firefox)
    expect(run.stdout).toContain(driver)
  })
})
