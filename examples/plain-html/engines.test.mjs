// The plain HTML example in Firefox (Marionette, with a virtual authenticator) and WebKitGTK
// (WebKitWebDriver, no WebAuthn): the email-code sign-in and the signed call in both, the passkey
// where the engine has WebAuthn; and every kit file, tampered, refused and never run. Run by
// `npm run test:engines`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENGINES } from '../../test/engines/engineLaunchers.mjs'
import { loadPinnedModule } from './loadPinnedModule.mjs'
import { readKitManifest } from './server/kitFiles.mjs'
import { startPlainHtmlExample } from './server/startPlainHtmlExample.mjs'

// In-page helpers of every step: a query through the elements' open shadow roots, and a wait
// for a condition (bounded, so that a step that cannot finish fails with what it waited for).
const HELPERS = `
  const deep = (root, selector) => {
    const found = root.querySelector(selector)
    if (found) return found
    for (const element of root.querySelectorAll('*')) {
      const inner = element.shadowRoot ? deep(element.shadowRoot, selector) : null
      if (inner) return inner
    }
    return null
  }
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

/** Runs `body` (in-page, with HELPERS, `args` as `input`) and answers its value, or throws its error. */
async function inPage(browser, body, input = null) {
  const result = await browser.execute(
    `const input = arguments[0]
    ${HELPERS}
    return (async () => { ${body} })().then((value) => ({ ok: true, value }), (error) => ({ ok: false, error: String(error) }))`,
    [input],
  )
  if (!result.ok) throw new Error(result.error)
  return result.value
}

const SIGN_IN_BY_EMAIL = `
  await until('the page to start', () => shown('#who'))
  $('#email').value = input.email
  $('#who').requestSubmit()
  const otp = $('wallet-otp-form')
  ;(await until('Email me a code', () => shown('#sign-in') && buttonNamed(otp.shadowRoot, 'Email me a code'))).click()
  const field = await until('the code field', () => deep(otp.shadowRoot, 'input[autocomplete="one-time-code"]'))
  field.value = input.code
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
  await until('the wallet', () => shown('#home'))
`

// Headless Firefox's soft token reports neither a platform authenticator nor the hybrid
// transport, so <wallet-passkey-button> says it cannot be used there (by design): the passkey is
// added through WebAuthn, the button offers it after the sign-out, and the way back in is the code,
// on a fresh page (the form's own wait before a new code runs on the page's clock).
const ADD_PASSKEY_AND_SIGN_OUT = `
  $('#add-passkey').click()
  await status('Passkey added.')
  $('#sign-out').click()
  const passkey = $('wallet-passkey-button')
  await until('the passkey offered', () => shown('#sign-in') && !passkey.hidden && passkey.shadowRoot.querySelector('button'))
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
          await browser.navigate(`${example.url}/`)
          const [customer] = example.sandbox.customers
          await inPage(browser, SIGN_IN_BY_EMAIL, { email: customer.email, code: example.sandbox.otpCode })
          if (engine.passkeys) {
            await inPage(browser, ADD_PASSKEY_AND_SIGN_OUT)
            // The service sends a new code 30 s after the last one: its clock moves instead.
            example.sandbox.clock.advance(31_000)
            await browser.navigate(`${example.url}/`)
            await inPage(browser, SIGN_IN_BY_EMAIL, { email: customer.email, code: example.sandbox.otpCode })
          }
          await inPage(browser, SIGNED_CALL)
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
              // The page imports wallet.js alone: it starts exactly when that file is not the tampered one.
              const started = path !== 'wallet.js'
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
