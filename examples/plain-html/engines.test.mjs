// The plain HTML example, in signer mode, in Firefox (Marionette, with a virtual authenticator) and
// WebKitGTK (WebKitWebDriver, no WebAuthn): the email-code sign-in (the code put in the signer's
// box, in its frame) and the signed call in both, the passkey made in the signer's frame where the
// engine has WebAuthn; and every kit file, tampered, refused and never run (the signer's own
// signer.js, tampered, is test/signer/attacks/engines.test.mjs's). Run by `npm run test:engines`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENGINES } from '../../test/engines/engineLaunchers.mjs'
import { waitFor } from '../../test/engines/waitFor.mjs'
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

const SEND_CODE = `
  await until('the page to start', () => shown('#who'))
  $('#email').value = input.email
  $('#who').requestSubmit()
  ;(await until('Email me a code', () => shown('#sign-in') && buttonNamed(document, 'Email me a code'))).click()
  await until('the sentence saying where the code goes', () => shown('#code-where'))
`
const FRAME = `document.querySelector('iframe[title="Your wallet"]')`
const SIGNER_FRAME = `return ${FRAME}`
const SIGNED_IN = `await until('the wallet', () => shown('#home'))`

/** Runs `body` (as `inPage` does) in the signer's frame, then returns to the page. */
async function inSigner(browser, body, input = null) {
  await browser.switchToFrame(await inPage(browser, SIGNER_FRAME))
  try {
    return await inPage(browser, body, input)
  } finally {
    await browser.switchToFrame(null)
  }
}

/**
 * The email code, in the signer's code box: the page asks for a code, and the code is put in the
 * box the signer draws in its own frame (the page's script cannot reach it; the driver can).
 */
async function signInByEmail(browser, input) {
  await inPage(browser, SEND_CODE, input)
  await inSigner(
    browser,
    `const field = await until('the code box', () => deep(document, 'input#code'))
    field.value = input.code
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))`,
    input,
  )
  await inPage(browser, SIGNED_IN)
}

/**
 * The person's Enter on the signer dialog's Confirm: the driver's keys, trusted, in the frame. Tab
 * until Confirm has focus, then Enter, again until the dialog is gone (the signer refuses a press
 * before its panel has been shown for a moment, and says nothing a test could wait for instead).
 */
async function confirmInSigner(browser) {
  const confirm = `const confirm = [...(deep(document, '[role="dialog"]')?.querySelectorAll('button') ?? [])]
    .find((button) => button.textContent.trim() === 'Confirm')`
  // A key that closes the dialog may see the page hide the frame before it is up, which Firefox's
  // driver reports as a failed release: the keys are then released from the page.
  let released = true
  await browser.switchToFrame(await inPage(browser, SIGNER_FRAME))
  try {
    await inPage(browser, `await until('Confirm', () => { ${confirm}; return confirm })`)
    await waitFor(
      async () => {
        if (await inPage(browser, `${confirm}; return confirm.getRootNode().activeElement === confirm`))
          return true
        await browser.pressKeys('\uE004')
      },
      { timeoutMs: 20_000, what: 'Tab to reach Confirm' },
    )
    await waitFor(
      async () => {
        if (!(await inPage(browser, `${confirm}; return !!confirm`))) return true
        await browser.pressKeys('\uE007').catch(() => {
          released = false
        })
      },
      { timeoutMs: 20_000, what: 'the signer to take Enter on Confirm', intervalMs: 200 },
    )
  } finally {
    await browser.switchToFrame(null)
  }
  if (!released) await browser.releaseActions()
}

// Waits until the signer's frame is shown; fails at once, with the page's sentence, when the
// passkey was refused before the signer asked.
const ADD_PASSKEY = `
  $('#add-passkey').click()
  const refused = () => $('#home-status').textContent.startsWith('The passkey was not added')
  await until('the signer to ask', () => refused() || getComputedStyle(${FRAME}).display !== 'none')
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
          await browser.navigate(`${example.url}/`)
          const [customer] = example.sandbox.customers
          await signInByEmail(browser, { email: customer.email, code: example.sandbox.otpCode })
          await inPage(browser, SIGNED_CALL)
          if (engine.passkeys) {
            // The person confirms in the signer's frame first: its click is the user activation a
            // browser needs (Firefox refuses a create without one in a cross-origin frame).
            await e.test('a passkey made in the signer', async () => {
              await inPage(browser, ADD_PASSKEY)
              await confirmInSigner(browser)
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
