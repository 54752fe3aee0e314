// The example app (sign-in.spec.ts, Chromium under Playwright) in Firefox ESR (Marionette, with a
// virtual authenticator) and WebKitGTK (WebKitWebDriver, no WebAuthn), in signer mode, as the
// person uses it: the email code typed in the signer's code box, the box closed and opened again
// from the page, a passkey made in the signer's frame and then signed in with where the engine has
// WebAuthn (what the app says without it where not), a sign-up through the page's form, and the new
// wallet's payment through <wallet-sca-step>, read and confirmed in the signer's frame and followed
// by the backend's verified webhooks (a forged or unsigned one refused), sign-out,
// and the session ending on the service. Each engine has its own sandbox, app and signer on free ports, and the flows run in
// order in one browser (each signs out, or ends the session, before the next). Run by
// `npm run test:engines`.
import assert from 'node:assert/strict'
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { startTestSandbox } from 'embedded-wallet-auth/testing'
import { runnerImport } from 'vite'
import { ENGINES } from '../../test/engines/engineLaunchers.mjs'
import { freePorts } from '../../test/engines/freePorts.mjs'
import { runInPage } from '../../test/engines/runInPage.mjs'
import { signerFrame } from '../../test/engines/signerFrame.mjs'
import { waitFor } from '../../test/engines/waitFor.mjs'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const load = async (path) => (await runnerImport(here(path), { configFile: false, logLevel: 'warn' })).module
const { startSignInApp } = await load('./server/startSignInApp.ts')
const { deepQuery } = await load('../../test/engines/deepQuery.ts')

// Conditions are waited for, never times: bounded generously, so a loaded machine is only slower.
const WAIT_MS = 30_000
/** What the paying user's wallet holds before paying: 10.00 USDB (6 decimals). */
const FUNDED = 10_000_000
// One customer per flow (the sandbox limits sign-ins per customer), as in sign-in.spec.ts.
const CUSTOMERS = ['ada', 'hedy', 'grace', 'joan'].map((name) => ({ email: `${name}@example.com` }))

/**
 * The sandbox, the app built into a folder of its own and served on a free port with its signer
 * beside it, and the app's webhook endpoint registered with the sandbox: what sign-in.spec.ts's
 * `beforeAll` starts, for one engine (each moves its own sandbox's clock).
 */
async function startExample() {
  const [appPort, signerPort] = await freePorts(2)
  const origins = [`http://localhost:${appPort}`, `http://localhost:${signerPort}`]
  const sandbox = await startTestSandbox({ port: 0, origins, customers: CUSTOMERS })
  const outDir = await mkdtemp(join(tmpdir(), 'sign-in-app-'))
  const app = await startSignInApp(appPort, {
    service: { baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    signer: {
      port: signerPort,
      trustedSigners: [sandbox.signerPublicKey],
      exportSigners: [sandbox.exportSignerPublicKey],
      dangerouslyAcceptUnsignedSandboxExport: true, // the sandbox's exports are unsigned
    },
    users: sandbox.customers,
    webhooks: { publicKey: sandbox.webhookPublicKey },
    payTo: `$success.usd@${sandbox.sandbox.config.umaDomain}`,
    outDir,
  }).catch(async (error) => {
    await sandbox.close()
    await rm(outDir, { recursive: true, force: true })
    throw error
  })
  const close = async () => {
    await app.close()
    await sandbox.close()
    await rm(outDir, { recursive: true, force: true })
  }
  const registered = await sandbox.fetch(`${sandbox.baseUrl}/config`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ webhookEndpoint: `${app.url}/webhooks/service` }),
  })
  if (registered.status !== 200) {
    await close()
    throw new Error(`The sandbox refused the webhook endpoint: ${registered.status}`)
  }
  const customer = (name) =>
    sandbox.customers[CUSTOMERS.findIndex(({ email }) => email.startsWith(`${name}@`))]
  return { url: app.url, sandbox, customer, close }
}

// In-page helpers of the app's page: queries through the elements' open shadow roots, what the
// person sees (an element with a box on screen) and reads, and where focus is.
const PAGE_HELPERS = `
  const deep = ${deepQuery}
  const deepAll = (root, selector) => [
    ...root.querySelectorAll(selector),
    ...[...root.querySelectorAll('*')].flatMap((element) => element.shadowRoot ? deepAll(element.shadowRoot, selector) : []),
  ]
  const $ = (selector) => document.querySelector(selector)
  const shown = (element) => !!element && element.getClientRects().length > 0
  const text = (element) => element?.textContent.replace(/\\s+/g, ' ').trim() ?? ''
  const buttonNamed = (name) =>
    deepAll(document, 'button').find((button) => shown(button) && !button.disabled && text(button) === name)
  const buttonStarting = (start) =>
    deepAll(document, 'button').find((button) => shown(button) && !button.disabled && text(button).startsWith(start))
  const statusOf = (host) => (host?.shadowRoot ? text(deep(host.shadowRoot, '[part="status"]')) : '')
  const signInStatus = () => statusOf($('wallet-sign-in'))
  const otpStatus = () => statusOf(deep(document, 'wallet-otp-form'))
  const focused = () => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    return element
  }
  const signerFrameShown = () => shown(document.querySelector('iframe[title="Your wallet"]'))
`

/**
 * The person's hands and eyes on the app's page in `browser` (the signer's frame is
 * `signerFrame`'s): every condition waited for up to WAIT_MS, every click and key the driver's own.
 */
function appPage(browser) {
  const run = (body, input = null) => runInPage(browser, body, { input, helpers: PAGE_HELPERS })
  const until = (what, body, input = null) =>
    waitFor(async () => (await run(body, input)) ?? undefined, { timeoutMs: WAIT_MS, what })

  /**
   * Clicks where the person sees the element `find` (a function body) answers, once it is shown
   * and has stopped moving (the page lays itself out again as steps appear): its centre, where a
   * hit test finds it.
   */
  async function clickOn(what, find, input = null) {
    const at = await until(
      what,
      `const element = (() => { ${find} })()
      if (!shown(element)) return null
      element.scrollIntoView({ block: 'center' })
      const centre = () => {
        const { x, y, width, height } = element.getBoundingClientRect()
        return { x: x + width / 2, y: y + height / 2 }
      }
      const before = centre()
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const after = centre()
      if (after.x !== before.x || after.y !== before.y) return null
      const hitIn = (root) => root?.elementFromPoint(after.x, after.y)
      let hit = hitIn(document)
      for (let inner = hitIn(hit?.shadowRoot); inner && inner !== hit; inner = hitIn(hit.shadowRoot)) hit = inner
      return hit === element || element.contains(hit) ? after : null`,
      input,
    )
    await browser.clickAt(at.x, at.y)
  }

  /** Waits until `body` answers `expected`; fails with what it answered last otherwise. */
  async function says(what, body, expected, input = null) {
    let last
    const check = async () => {
      last = await run(body, input)
      return last === expected ? true : undefined
    }
    await waitFor(check, { timeoutMs: WAIT_MS, what }).catch((error) => {
      assert.equal(last, expected, error.message)
      throw error
    })
  }

  return {
    run,
    until,
    says,
    /** Answers `body`'s value once it is truthy (an assertion's subject, read when it holds). */
    see: (what, body, input = null) => until(what, `return (() => { ${body} })() || null`, input),
    clickButton: (name) => clickOn(name, 'return buttonNamed(input)', name),
    clickButtonStarting: (start) => clickOn(start, 'return buttonStarting(input)', start),
    /** Opens the app at `url` and waits until its script runs (its elements are defined). */
    async open(url) {
      await browser.navigate(url)
      await until('the app to start', `return !!customElements.get('wallet-sign-in') || null`)
    },
    /** Clicks into the field `selector` and types `keys` there. */
    async type(selector, keys) {
      await clickOn(selector, 'return $(input)', selector)
      await until(`${selector} to have focus`, 'return focused() === $(input) || null', selector)
      await browser.pressKeys(keys)
    },
  }
}

/** The app's own step (who is signing in), then "Email me a code": the signer's box opens. */
async function askForCode(page, email) {
  await page.type('#email', email)
  await page.clickButton('Continue')
  await page.clickButton('Email me a code')
}

/** Signed in: the element says so, the wallet shows and the signer's frame is out of the way. */
async function signedIn(page) {
  await page.until(
    'the page to say the person is signed in',
    `return signInStatus() === 'You are signed in.' && shown($('#home-heading')) && !signerFrameShown() || null`,
  )
}

/** The email-code sign-in, the code typed in the signer's box. */
async function signInByEmail(page, signer, example, email) {
  await page.open(`${example.url}/`)
  await askForCode(page, email)
  await signer.typeCode(example.sandbox.otpCode)
  await signedIn(page)
}

/** "Sign out", and the page back at the wallet's methods, saying why. */
async function signOut(page) {
  await page.clickButton('Sign out')
  await page.until(
    'the page to say the person signed out',
    `return signInStatus() === 'You signed out. The session key was removed from this browser.' && !shown($('#home')) || null`,
  )
}

/** The events the page lists as "Webhooks received". */
const EVENTS = `return [...document.querySelectorAll('#events li')].map((item) => ({ ...item.dataset, text: text(item) }))`

/** Posts `body` to the app's webhook endpoint with `headers`; answers the status. */
async function postWebhook(example, body, headers = {}) {
  const response = await fetch(`${example.url}/webhooks/service`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  })
  return response.status
}

/** A webhook about `data` signed by a key that is not the service's: answers the app's status. */
function postForged(example, data) {
  const body = JSON.stringify({
    id: `Webhook:${randomUUID()}`,
    type: 'OUTGOING_PAYMENT.COMPLETED',
    timestamp: new Date().toISOString(),
    data,
  })
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const signature = JSON.stringify({
    v: '1',
    s: sign('sha256', Buffer.from(body), privateKey).toString('base64'),
  })
  return postWebhook(example, body, { 'X-Service-Signature': signature })
}

/** A customer's wallet balance as the service holds it, in its smallest unit. */
async function balanceOf(sandbox, customer) {
  const response = await sandbox.fetch(
    `${sandbox.baseUrl}/customers/internal-accounts?customerId=${customer.customerId}`,
  )
  const { data } = await response.json()
  const wallet = data.find((account) => account.id === customer.accountId)
  if (!wallet) throw new Error(`no wallet ${customer.accountId}`)
  return wallet.balance.amount
}

// The kit's Playwright guard fails a test on a CSP violation in any frame. Firefox's preload script
// (WebDriver BiDi) records them the same way, in every document from its start; WebKitWebDriver
// has no preload script, and a listener added after the page loaded would miss what its load did,
// so WebKitGTK's run does not check.
const RECORD_CSP_VIOLATIONS = `() => {
  window.cspViolations = []
  document.addEventListener('securitypolicyviolation', (event) => {
    window.cspViolations.push(event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' on ' + event.documentURI)
  })
}`
const CSP_VIOLATIONS = `return window.cspViolations ?? ['no CSP recorder in ' + location.href]`

/** Every flow of sign-in.spec.ts, in order, in one engine: its own browser, sandbox and app. */
async function signInAppFlows(t, engine) {
  const example = await startExample()
  const browser = await engine.launch({ preloadScripts: true }).catch(async (error) => {
    await example.close()
    throw error
  })
  t.after(async () => {
    await browser.close()
    await example.close()
  })
  t.diagnostic(`${engine.name} ${browser.version}`)
  const page = appPage(browser)
  const signer = signerFrame(browser, { waitMs: WAIT_MS })
  const { sandbox } = example
  if (browser.addPreloadScript) await browser.addPreloadScript(RECORD_CSP_VIOLATIONS)

  /** A flow, and then (where the engine lets the run record them) no CSP violation in the page or the signer's frame. */
  const flow = (name, body, options = {}) =>
    t.test(name, options, async (f) => {
      await body(f)
      if (!browser.addPreloadScript) return
      const violations = [
        ...(await page.run(CSP_VIOLATIONS)),
        ...(await signer.inFrame(() => signer.run(CSP_VIOLATIONS))),
      ]
      assert.deepEqual(violations, [], 'CSP violations')
    })

  await flow("signs in with the email code, typed in the signer's box over the page", async () => {
    await page.open(`${example.url}/`)
    await askForCode(page, example.customer('ada').email)
    // The page says where the code goes; the box is the signer's, and the page has no code field.
    await page.says(
      'the sentence saying where the code goes',
      'return otpStatus()',
      'We sent a 6-digit code to your email. Type it in the wallet window that opens over this page.',
    )
    await signer.shown('the code box', 'input#code')
    assert.equal(
      await page.run(`return deepAll(deep(document, 'wallet-otp-form').shadowRoot, 'input').length`),
      0,
    )
    await signer.typeCode(sandbox.otpCode)
    await signedIn(page)
    await signOut(page)
  })

  await flow(
    'closing the code box is said in the page, which opens it again for the same code',
    async (flow) => {
      await page.open(`${example.url}/`)
      await askForCode(page, example.customer('hedy').email)
      await signer.click('Cancel')
      await page.says(
        'the page to say the box was closed',
        'return otpStatus()',
        'The wallet window was closed before the code was typed. Open it again to type the code, or send a new code.',
      )
      assert.equal(await page.run('return signerFrameShown()'), false, 'the signer frame is out of the way')
      await page.until('"Type the code" to have focus', `return text(focused()) === 'Type the code' || null`)
      // The keyboard is back in the page with the frame hidden: Enter reaches "Type the code". Not
      // in WebKitGTK (`todo`): the page focuses its own button, yet the hidden frame keeps the keys
      // (its document still has focus); there the person clicks the button.
      const keyboardInFrame = await signer.inFrame(() => signer.run('return document.hasFocus()'))
      await flow.test(
        'the keyboard is back in the page',
        { todo: engine.name === 'webkit' && 'WebKitGTK leaves the keyboard in the hidden signer frame' },
        () => assert.equal(keyboardInFrame, false, 'the hidden signer frame has the keyboard'),
      )
      if (keyboardInFrame) await page.clickButton('Type the code')
      else await browser.pressKeys('\uE007')
      await signer.typeCode(sandbox.otpCode)
      await signedIn(page)
      await signOut(page)
    },
  )

  if (engine.passkeys) {
    // The passkey is made in the signer's frame, framed by the app's page, after the person's click
    // on Confirm there (Firefox makes one only with the frame's own activation).
    await flow('adds a passkey, confirmed in the signer frame', async () => {
      await signInByEmail(page, signer, example, example.customer('grace').email)
      await page.clickButton('Add a passkey')
      assert.match(await signer.text(), /Add a passkey/)
      await signer.click('Confirm')
      await page.says(
        'the page to say the passkey was added',
        `return text($('#home-status'))`,
        'Passkey added.',
      )
      await signOut(page)
      await page.see('the passkey offered', `return buttonStarting('Passkey')`)
    })
    await flow('signs in with the passkey made in the signer frame, in one click', async () => {
      // A browser with WebAuthn keeps its passkey in the list, its own button, whatever
      // authenticators it reports: one click on it signs in.
      const unavailable = 'This browser cannot use passkeys. Use another way to sign in.'
      const shown = await page.see(
        'the passkey offered, or the page saying passkeys cannot work here',
        `return signInStatus() === input ? 'unavailable' : buttonStarting('Passkey') && 'button'`,
        unavailable,
      )
      assert.equal(shown, 'button', `the page says: ${unavailable}`)
      await page.clickButtonStarting('Passkey')
      await signedIn(page)
      await signOut(page)
    })
  } else {
    // No WebAuthn in WebKitGTK: the passkey would be made in the signer's frame, in this browser,
    // so the app does not offer it (nor has the signer ask to confirm it) and says why.
    await flow(`without WebAuthn in ${engine.name}: the app offers no passkey and says why`, async () => {
      await signInByEmail(page, signer, example, example.customer('grace').email)
      await page.says(
        'the page to say passkeys cannot be made here',
        `return shown($('#no-passkeys')) && text($('#no-passkeys'))`,
        'This browser cannot make passkeys. Add one from a browser that can.',
      )
      assert.equal(await page.run(`return shown($('#add-passkey'))`), false, '"Add a passkey" is not offered')
      await signOut(page)
    })
  }

  await flow(
    "signs up through the page, pays through the element, confirmed in the signer's frame, and the backend receives and verifies the payment's webhooks",
    async () => {
      // Sign-up through the form (United States, the country it starts at: no mobile number needed).
      await page.open(`${example.url}/`)
      await page.clickButton('Create a wallet')
      await page.type('#sign-up-name', 'Linus Torvalds')
      await page.type('#sign-up-email', `linus.${engine.name.toLowerCase().replace(/\W/g, '')}@example.com`)
      await page.clickButton('Create my wallet')
      await page.says(
        'the page to say the wallet is ready',
        `return text($('#welcome'))`,
        'Your wallet is ready. Sign in to it with a code sent to your email.',
      )
      await page.clickButton('Email me a code')
      await signer.typeCode(example.sandbox.otpCode)
      await signedIn(page)
      // The new user as the app's backend knows them (the page's own session).
      const payer = await page.run(`return await (await fetch('/api/account')).json()`)
      await sandbox.fund(payer.accountId, FUNDED)
      // A forged webhook about this user is refused, and never shown among theirs; so is an unsigned one.
      const forged = `Transaction:${randomUUID()}`
      assert.equal(
        await postForged(example, { id: forged, customerId: payer.customerId, status: 'COMPLETED' }),
        401,
      )
      const unsigned = JSON.stringify({
        id: 'Webhook:unsigned',
        type: 'TEST',
        timestamp: new Date().toISOString(),
        data: {},
      })
      assert.equal(await postWebhook(example, unsigned), 401)

      await page.clickButton('Get a quote')
      await page.clickButton('Pay 1.00 USDB')
      // The person reads what the wallet signs, in the signer's frame: the quote's terms, to the
      // app's payee, as the signer read them itself.
      await signer.shown('the payment to confirm', '[role="dialog"] button')
      const summary = await signer.text()
      assert.match(summary, /1\.00/)
      assert.match(summary, /\$success\.usd@/)
      assert.equal(
        await page.run(`return shown($('#pay-hint')) && text($('#pay-hint'))`),
        'When you press Pay, the wallet window opens over this page: check the payment there and confirm it.',
      )
      // Enter on Confirm, the person's keyboard (the Chromium spec clicks).
      await signer.press('Confirm')
      const result = await page.see(
        'the payment to be sent',
        `const said = text($('#payment-result')); return /^(Payment sent, settling|Paid) \\(Transaction:/.test(said) && said`,
      )
      const transactionId = /\((Transaction:[^)]+)\)/.exec(result)?.[1]

      // A sandbox UMA payment settles a few seconds after it starts: move the sandbox clock.
      sandbox.clock.advance(5_000)
      await page.until(
        'the payment completed, as the backend received it',
        `return (() => { ${EVENTS} })().some((event) => event.subject === input && event.type === 'OUTGOING_PAYMENT.COMPLETED') &&
          text($('#payment-result')) === 'Paid (' + input + ').' || null`,
        transactionId,
      )
      // The wallet's balance update, at the balance the service now holds (the payment taken off).
      const balance = await balanceOf(sandbox, payer)
      assert.ok(balance <= FUNDED - 1_000_000, `balance ${balance}`)
      const events = await page.see(
        'the balance update, as the backend received it',
        `const events = (() => { ${EVENTS} })()
        return events.some((event) => event.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && event.balance === input) && events`,
        String(balance),
      )
      assert.deepEqual(
        events.filter((event) => event.subject === transactionId).map((event) => event.type),
        ['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'],
      )
      assert.equal(await page.run(`return $('#payment-result').dataset.status`), 'COMPLETED')
      // Written as money with the decimals the event gave (USDB: 6), not in minor units or guessed.
      const updated = events.find(
        (event) => event.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED' && event.balance === String(balance),
      )
      assert.match(updated.text, /balance [\d,]+\.\d{2,6} USDB$/)
      assert.deepEqual(
        events.filter((event) => event.subject === forged),
        [],
      )
      await signOut(page)
    },
  )

  // Last: it moves the sandbox's clock past every session.
  await flow('shows the session ending when its time is up on the service', async () => {
    await signInByEmail(page, signer, example, example.customer('joan').email)
    // The sandbox's sessions last 15 minutes: move its clock instead of waiting.
    sandbox.clock.advance(16 * 60_000)
    if (engine.passkeys) {
      // The next signed action finds the session over (the signer asks first, then the service refuses).
      await page.clickButton('Add a passkey')
      await signer.click('Confirm')
    } else {
      // No passkey to add without WebAuthn: the refresh the page offers finds it over instead.
      await page.clickButton('Stay signed in')
    }
    await page.until(
      'the page to say the session ended',
      `return signInStatus() === 'Your session ended. Sign in again to continue.' &&
        !!buttonNamed('Email me a code') && !shown($('#home-heading')) || null`,
    )
  })
}

test('the example app in every engine', { concurrency: ENGINES.length, timeout: 600_000 }, async (t) => {
  await Promise.all(ENGINES.map((engine) => t.test(engine.name, (e) => signInAppFlows(e, engine))))
})
