// The plain HTML example, in signer mode, in Firefox (Marionette, with a virtual authenticator) and
// WebKitGTK (WebKitWebDriver, no WebAuthn): the email-code sign-in (the code typed in the signer's
// box, in its frame) and the signed call in both, the passkey made in the signer's frame where the
// engine has WebAuthn; and every kit file, tampered, refused and never run (the signer's own
// signer.js, tampered, is test/signer/attacks/engines.test.mjs's). Run by `npm run test:engines`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENGINES } from '../../test/engines/engineLaunchers.mjs'
import { runInPage } from '../../test/engines/runInPage.mjs'
import { SIGNER_FRAME, signerFrame } from '../../test/engines/signerFrame.mjs'
import { loadPinnedModule } from './loadPinnedModule.mjs'
import { readKitManifest } from './server/kitFiles.mjs'
import { startPlainHtmlExample } from './server/startPlainHtmlExample.mjs'

// In-page helpers of every page step (the signer's frame is test/engines/signerFrame.mjs's): a wait
// for a condition (bounded, so that a step that cannot finish fails with what it waited for).
const HELPERS = `
  const until = async (what, check) => {
    const end = Date.now() + 20000
    for (;;) {
      const value = check()
      if (value) return value
      if (Date.now() > end) throw new Error('timed out waiting for ' + what)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  const $ = (selector) => document.querySelector(selector)
  const shown = (selector) => $(selector) && !$(selector).hidden
  const buttonNamed = (root, name) =>
    [...root.querySelectorAll('button')].find((button) => button.textContent.trim() === name && !button.disabled)
  const status = (sentence) => until(sentence, () => $('#home-status').textContent === sentence)
`

/** Runs `body` (in-page, with HELPERS, `input`) and answers its value, or throws its error. */
const inPage = (browser, body, input = null) => runInPage(browser, body, { input, helpers: HELPERS })

const SEND_CODE = `
  await until('the page to start', () => shown('#who'))
  $('#email').value = input.email
  $('#who').requestSubmit()
  ;(await until('Email me a code', () => shown('#sign-in') && buttonNamed(document, 'Email me a code'))).click()
  await until('the sentence saying where the code goes', () => shown('#code-where'))
`
const SIGNED_IN = `await until('the wallet', () => shown('#home'))`

/**
 * The email code, in the signer's code box: the page asks for a code, and the person types it in
 * the box the signer draws in its own frame (the page's script cannot reach it; the driver can).
 */
async function signInByEmail(browser, signer, input) {
  await inPage(browser, SEND_CODE, input)
  await signer.typeCode(input.code)
  await inPage(browser, SIGNED_IN)
}

// Waits until the signer's frame is shown; fails at once, with the page's sentence, when the
// passkey was refused before the signer asked.
const ADD_PASSKEY = `
  $('#add-passkey').click()
  const refused = () => $('#home-status').textContent.startsWith('The passkey was not added')
  await until('the signer to ask', () => refused() || getComputedStyle(${SIGNER_FRAME}).display !== 'none')
  if (refused()) throw new Error($('#home-status').textContent)
`
const PASSKEY_ADDED_SIGN_OUT = `
  await status('Passkey added.')
  $('#sign-out').click()
  await until('the passkey offered', () => shown('#sign-in') && shown('#passkey-sign-in'))
`

const SIGNED_CALL = `
  $('#make-private').click()
  await status('The wallet is private.')
`

// A violation made on purpose at the end: once its report arrived, so had any earlier one.
const VIOLATE_ON_PURPOSE = `
  const image = document.createElement('img')
  image.src = 'http://127.0.0.1:9/control.png'
  document.body.append(image)
`

const SCENARIO_TIMEOUT_MS = 120_000

test('the plain HTML example in every engine', {
  concurrency: ENGINES.length,
  timeout: 300_000,
}, async (t) => {
  await Promise.all(
    ENGINES.map((engine) =>
      t.test(engine.name, { timeout: SCENARIO_TIMEOUT_MS }, async (e) => {
        const reports = []
        const example = await startPlainHtmlExample({ onCspReport: (report) => reports.push(report) })
        const browser = await engine.launch().catch(async (error) => {
          await example.close()
          throw error
        })
        try {
          e.diagnostic(`${engine.name} ${browser.version}`)
          const signer = signerFrame(browser)
          await browser.navigate(`${example.url}/`)
          const [customer] = example.sandbox.customers
          await signInByEmail(browser, signer, { email: customer.email, code: example.sandbox.otpCode })
          await inPage(browser, SIGNED_CALL)
          if (engine.passkeys) {
            // The person confirms in the signer's frame first (Enter on Confirm, the driver's keys,
            // trusted): the user activation a browser needs (Firefox refuses a create without one
            // in a cross-origin frame).
            await e.test('a passkey made in the signer', async () => {
              await inPage(browser, ADD_PASSKEY)
              await signer.press('Confirm')
              await inPage(browser, PASSKEY_ADDED_SIGN_OUT)
            })
          }
          await inPage(browser, VIOLATE_ON_PURPOSE)
          await waitForReport(reports, (report) => blockedOf(report).includes('control.png'))
          assert.deepEqual(
            reports.map(blockedOf).filter((blocked) => !blocked.includes('control.png')),
            [],
            'CSP violations of the page',
          )
        } finally {
          await browser.close()
          await example.close()
        }
      }),
    ),
  )
})

// The page started (its email step shown) or said it could not; and the marks a tampered kit file,
// had it run, left in `kitTamperedRan`.
const PAGE_STATE = `
  const stopped = () => $('#starting').textContent.startsWith('The wallet could not start')
  await until('the page to start or stop', () => shown('#who') || stopped())
  return { started: shown('#who'), tamperedRan: globalThis.kitTamperedRan ?? [] }
`
const LOAD_PINNED = `return (${loadPinnedModule})(input)`

test('every kit file, tampered, is refused and never runs, in every engine', {
  concurrency: ENGINES.length,
  timeout: 300_000,
}, async (t) => {
  const { files } = await readKitManifest()
  await Promise.all(
    ENGINES.map((engine) =>
      t.test(engine.name, { timeout: SCENARIO_TIMEOUT_MS }, async () => {
        const example = await startPlainHtmlExample()
        const browser = await engine.launch().catch(async (error) => {
          await example.close()
          throw error
        })
        try {
          for (const [path, { integrity }] of Object.entries(files)) {
            const pinned = { src: `/kit/${path}`, integrity }
            await browser.navigate(`${example.url}/`)
            assert.deepEqual(await inPage(browser, PAGE_STATE), { started: true, tamperedRan: [] })
            assert.deepEqual(
              await inPage(browser, LOAD_PINNED, pinned),
              { outcome: 'ran', tamperedRan: [] },
              path,
            )
            const broken = await startPlainHtmlExample({ tamper: path })
            try {
              await browser.navigate(`${broken.url}/`)
              // The page imports signer-client.js alone: it starts exactly when that file is not the
              // tampered one.
              const started = path !== 'signer-client.js'
              assert.deepEqual(await inPage(browser, PAGE_STATE), { started, tamperedRan: [] }, path)
              const loaded = await inPage(browser, LOAD_PINNED, pinned)
              assert.deepEqual(loaded, { outcome: 'refused', tamperedRan: [] }, path)
            } finally {
              await broken.close()
            }
          }
        } finally {
          await browser.close()
          await example.close()
        }
      }),
    ),
  )
})

/** The blocked URL a CSP report names (`csp-report.blocked-uri`). */
function blockedOf(report) {
  return String(report?.['csp-report']?.['blocked-uri'] ?? JSON.stringify(report))
}

/** Waits (bounded) until a report matching `matches` arrived. */
async function waitForReport(reports, matches) {
  const end = Date.now() + 20_000
  while (!reports.some(matches)) {
    if (Date.now() > end)
      throw new Error(`no CSP report of the control violation; got ${JSON.stringify(reports)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
