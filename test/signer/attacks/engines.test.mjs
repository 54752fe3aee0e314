// The attack suite of signerAttacks.spec.ts (Chromium, Playwright) in Firefox ESR (Marionette, the
// hostile script installed by a WebDriver BiDi preload script) and WebKitGTK (WebKitWebDriver, which
// has no preload: the app serves the script as its page's first one, `?attacker`). The same app and
// origins (startAttackHarness.ts); every input the person gives is the driver's, trusted: the code
// typed into the signer's code box, Enter on its Confirm, a click on Cancel (the frame's steps are
// test/engines/signerFrame.mjs's). Each attack succeeds with keys in the page (so the tests can
// fail) and is refused with the signer on its own origin; what an engine does not offer the signer
// is asserted as such. The frame moved under a resting pointer is Chromium's only
// (signerAttacks.spec.ts): Playwright's input there. Run by `npm run test:engines`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'
import { ENGINES } from '../../engines/engineLaunchers.mjs'
import { freePorts } from '../../engines/freePorts.mjs'
import { runInPage } from '../../engines/runInPage.mjs'
import { SIGNER_FRAME, signerFrame } from '../../engines/signerFrame.mjs'
import { waitFor } from '../../engines/waitFor.mjs'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const load = async (path) => (await runnerImport(here(path), { configFile: false, logLevel: 'warn' })).module
const { startAttackHarness, installAttacker, deepQuery, stamp, WALLET_SIGNATURE_HEADER, generateSessionKey } =
  await load('./engineModules.ts')

// What a page's script can do to itself, never to another origin's frame: only the app's top
// document gets the attacker (a BiDi preload script runs in every frame of the tab).
const ATTACKER_PRELOAD = `() => { if (window.top === window) (${installAttacker})() }`

/** Each engine's answers to what the signer asks of it (Chromium's: signerAttacks.spec.ts). */
const OFFERS = {
  firefox: { visibilityTracking: false, userActivation: true, ancestorOrigins: true },
  webkit: { visibilityTracking: false, userActivation: true, ancestorOrigins: true },
}

// Conditions are waited for, never times: bounded generously, so a loaded machine is only slower.
const WAIT_MS = 30_000

// In-page helpers of every script: a query through open shadow roots (the signer draws its dialog
// in one) and the signer's dialog as the frame's document holds it.
const HELPERS = `
  const deep = ${deepQuery}
  const dialog = () => deep(document, '[role="dialog"]')
  const buttonNamed = (name) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find((button) => button.textContent.trim() === name)
`

/** Runs `body` (an async function body, with HELPERS and `input`) in the current document. */
const run = (browser, body, input = null) => runInPage(browser, body, { input, helpers: HELPERS })

/** Runs `body` until it answers something other than `undefined` or `null`. */
const until = (browser, what, body, input = null) =>
  waitFor(async () => (await run(browser, body, input)) ?? undefined, { timeoutMs: WAIT_MS, what })

/**
 * Starts `act` in the page (a function body run with `app`, `attacker` and `input`), keeping its
 * outcome under `name`: it may wait for the person, so the driver goes on meanwhile.
 */
const start = (browser, name, act, input = null) =>
  run(
    browser,
    `window.attempts ??= {}
    const { app } = window
    window.attempts[input.name] = { pending: true }
    ;(async () => { ${act} })().then(
      (value) => { window.attempts[input.name] = { value: value ?? null } },
      (error) => { window.attempts[input.name] = { refused: error?.code ?? String(error) } },
    )
    return true`,
    { ...input, name },
  )

/** The outcome of what `start` began under `name`, once it has one. */
const outcome = (browser, name) =>
  until(
    browser,
    `${name} to settle`,
    'const kept = window.attempts?.[input]; return kept && !kept.pending ? kept : null',
    name,
  )

/**
 * Presses `keys` in the signer's frame (the driver's context) while `target` (a function body run
 * there) answers the element they are aimed at. A key that closes the dialog acts on its way down,
 * and the page may hide the frame before it is up, which Firefox's driver reports as a failed key
 * release: answers `false` then (keys are left pressed, for `releaseActions` outside the frame),
 * and throws a failure that left the target in place.
 */
async function pressKeysInFrame(browser, keys, target, input = null) {
  return browser.pressKeys(keys).then(
    () => true,
    async (error) => {
      if (await run(browser, target, input)) throw error
      return false
    },
  )
}

// The attacker's own payment: a quote it made, executed with a `confirm` that says yes.
const PAY_AS_ATTACKER = `
  const quote = await app.wallet.quotes.create({
    source: { sourceType: 'ACCOUNT', accountId: app.me.accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: input.payee },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1_000_000,
  })
  await app.wallet.quotes.execute(quote.id, { confirm: () => true })
  return 'executed'
`

// Everything the page's script can do to the frame from outside: synthetic clicks and keys,
// focus, and messages of its own.
const POKE_THE_FRAME = `
  const iframe = ${SIGNER_FRAME}
  iframe.focus()
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
    iframe.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: 200, clientY: 200 }))
  iframe.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  iframe.click()
  iframe.contentWindow.postMessage({ kind: 'callback-answer', id: 1, ok: true, value: true }, '*')
  iframe.contentWindow.postMessage({ type: 'embedded-wallet-auth/signer-connect', version: 1 }, '*', [
    new MessageChannel().port2,
  ])
  return true
`

// The page's looks a script controls: the frame transparent, or a page laid over it that lets
// clicks through. Each answers whether it is still in place.
const DISGUISES = {
  'made transparent': `
    const frame = ${SIGNER_FRAME}
    frame.style.setProperty('opacity', '0')
    return getComputedStyle(frame).opacity === '0'`,
  covered: `
    const cover = document.createElement('div')
    cover.id = 'prize'
    const look = { position: 'fixed', inset: '0', 'z-index': '2147483647', 'pointer-events': 'none', background: 'white' }
    for (const [name, value] of Object.entries(look)) cover.style.setProperty(name, value)
    cover.textContent = 'Win a prize: click anywhere'
    document.body.append(cover)
    // Over the frame: as high a layer, later in the page, the whole viewport (hit tests skip it).
    const frame = ${SIGNER_FRAME}
    const { width, height } = cover.getBoundingClientRect()
    return getComputedStyle(cover).zIndex === getComputedStyle(frame).zIndex &&
      !!(frame.compareDocumentPosition(cover) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      width >= innerWidth && height >= innerHeight`,
}

// The customer's strong customer authentication (an EU customer with a payment passkey), as in
// signerAttacks.spec.ts: the script removes that passkey, or enrols an authenticator app whose
// secret it holds, through the client the app holds (with keys in the page nothing asks).
const SCA_TAKEOVERS = {
  "removes the customer's payment passkey": {
    act: `const { customerId } = app.me
      const passkey = (await app.wallet.sca.factors(customerId)).find(({ factor }) => factor === 'PASSKEY')
      await app.wallet.sca.removeFactor(customerId, passkey?.credentialId ?? 'none')
      return 'done'`,
    /** The factors after it, from those before. */
    changed: (before) => before.filter((factor) => !factor.startsWith('PASSKEY:')),
    /** What the person reads in the signer's dialog. */
    says: /Remove one of the ways you approve payments/,
    /** The same act as the relay's route, for the cookie alone and the page's `wallet.fetch`. */
    request: (customerId, credentialId) => ({
      method: 'DELETE',
      path: `/api/wallet/sca/factors/${encodeURIComponent(credentialId)}?customerId=${customerId}`,
    }),
  },
  'enrols an authenticator app of its own': {
    act: `const { customerId } = app.me
      const { secret } = await app.wallet.sca.startTotp(customerId)
      await app.wallet.sca.confirmTotp(customerId, { secret, code: input.code })
      return 'done'`,
    changed: (before) => [...before, 'TOTP'].sort(),
    says: /Add an authenticator app to confirm payments\./,
    request: (customerId) => ({
      method: 'POST',
      path: `/api/wallet/sca/factors/confirm?customerId=${customerId}`,
      totp: true,
    }),
  },
}

// The act as a request of the page's own, its cookie riding along (`input.headers` added); an
// enrolment's secret is of one the script started itself, kept for the retry's same bytes.
const SEND_AS_PAGE = `
  const { request, code, headers } = input
  let body
  if (request.totp) {
    if (!window.totpSecret) {
      const started = await fetch('/api/wallet/sca/factors?customerId=' + window.app.me.customerId, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'TOTP' }),
      })
      window.totpSecret = (await started.json()).secret
    }
    body = JSON.stringify({ type: 'TOTP', secret: window.totpSecret, code })
  }
  const response = await fetch(request.path, {
    method: request.method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  })
  return { status: response.status, ...(await response.json()) }
`

// The act through the page's `wallet.fetch`: the signer signs only what moves nothing.
const THROUGH_FETCH = `
  const { request, code } = input
  const body = request.totp
    ? JSON.stringify({ type: 'TOTP', secret: (await window.app.wallet.sca.startTotp(window.app.me.customerId)).secret, code })
    : undefined
  return window.app.wallet.fetch(request.path, { method: request.method, ...(body ? { body } : {}) }).then(
    (response) => ({ status: response.status }),
    (error) => ({ refused: error.code }),
  )
`

// The frame moved up by half the screen: its buttons in view, the top of its panel (what is
// signed) not. Answers whether the panel's top is above the viewport now.
const HALF_OFF_SCREEN = `
  const frame = ${SIGNER_FRAME}
  frame.style.setProperty('transform', 'translateY(-50vh)')
  return frame.getBoundingClientRect().top < 0
`

/** One engine's browser and origins, and the steps the person and the attacker take there. */
function drive(browser, harness, signer) {
  const attackerFlag = browser.addPreloadScript ? '' : '&attacker'
  const payee = `$success.usd@${harness.sandbox.sandbox.config.umaDomain}`
  return {
    /**
     * A new customer (`sca`: an EU one with a payment passkey), the app origin's storage emptied
     * (a fresh profile's), the app opened in `mode`; answers the customer.
     */
    async openApp(mode, { sca = false } = {}) {
      const customer = await harness.newCustomer({ sca })
      await browser.navigate(`${harness.app}/nothing-here`)
      await run(
        browser,
        `await Promise.all((await indexedDB.databases()).map(({ name }) => new Promise((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = resolve
          request.onerror = () => reject(request.error)
        })))`,
      )
      await browser.navigate(`${harness.app}/?mode=${mode}${attackerFlag}`)
      await until(
        browser,
        'the app to be ready',
        `return document.querySelector('#status').textContent === 'Ready' || null`,
      )
      assert.equal(await run(browser, 'return typeof window.attacker'), 'object', 'the attacker is installed')
      return customer
    },
    /** The person signs in, typing the code where the mode asks for it. */
    async signIn(mode) {
      await start(browser, 'signIn', 'await app.signIn()')
      // Typed where focus is, as the person does: each mode puts it in its code field.
      const focused = `const field = deep(document, 'input#code'); return !!field && !field.hidden && field.getRootNode().activeElement === field || null`
      if (mode === 'signer') {
        await signer.shown('the code box', 'input#code')
        // The code box is drawn without focus in Firefox and WebKitGTK (its focus() runs while
        // the page still hides the frame): the person clicks into it.
        const field = await signer.where(`return deep(document, 'input#code')`)
        await browser.clickAt(field.x, field.y)
        const typed = await signer.inFrame(async () => {
          await until(browser, 'the code box to have focus', focused)
          return pressKeysInFrame(browser, harness.sandbox.otpCode, `return deep(document, 'input#code')`)
        })
        if (!typed) await browser.releaseActions()
      } else {
        await until(browser, "the page's code field to have focus", focused)
        await browser.pressKeys(harness.sandbox.otpCode)
      }
      assert.deepEqual(await outcome(browser, 'signIn'), { value: null })
      assert.equal(await run(browser, `return document.querySelector('#status').textContent`), 'Signed in')
    },
    /** `openApp` then `signIn`; answers the customer. */
    async openSignedIn(mode, options) {
      const customer = await this.openApp(mode, options)
      await this.signIn(mode)
      return customer
    },
    /** What the hostile script holds after the sign-in. */
    attackerFindings: () =>
      run(browser, 'return { keys: await window.attacker.usableKeys(), codes: window.attacker.codes }'),
    startPayment: () => start(browser, 'pay', PAY_AS_ATTACKER, { payee }),
    payment: () => outcome(browser, 'pay'),
  }
}

/** Every scenario, in order, in one engine: its own browser and origins. */
async function attackSuite(t, engine) {
  const browser = await engine.launch({ preloadScripts: true })
  const harness = await startAttackHarness({ ports: await freePorts(3) }).catch(async (error) => {
    await browser.close()
    throw error
  })
  t.after(async () => {
    await browser.close()
    await harness.close()
  })
  t.diagnostic(`${engine.name} ${browser.version}`)
  if (browser.addPreloadScript) await browser.addPreloadScript(ATTACKER_PRELOAD)
  const signer = signerFrame(browser, { waitMs: WAIT_MS })
  const app = drive(browser, harness, signer)

  await t.test(
    'keys in the page: the script holds a usable key, reads the code, pays and exports',
    async () => {
      await app.openSignedIn('page')
      const found = await app.attackerFindings()
      assert.ok(found.keys > 0, `usable keys: ${found.keys}`)
      assert.ok(found.codes.includes(harness.sandbox.otpCode), `codes read: ${found.codes}`)
      await app.startPayment()
      assert.deepEqual(await app.payment(), { value: 'executed' })
      const phrase = await run(
        browser,
        `return window.app.wallet.exportWallet(window.app.me.accountId, {
          confirm: () => true, dangerouslyAcceptUnsignedSandboxExport: true })`,
      )
      assert.ok(phrase.split(' ').length >= 12, 'the script has the recovery phrase')
    },
  )

  for (const [name, takeover] of Object.entries(SCA_TAKEOVERS)) {
    await t.test(`keys in the page: the script ${name}`, async () => {
      const { customerId } = await app.openSignedIn('page', { sca: true })
      const before = await harness.scaFactors(customerId)
      assert.ok(
        before.some((factor) => factor.startsWith('PASSKEY:')),
        `factors: ${before}`,
      )
      await start(browser, 'sca', takeover.act, { code: harness.sandbox.scaCode })
      assert.deepEqual(await outcome(browser, 'sca'), { value: 'done' })
      assert.deepEqual(await harness.scaFactors(customerId), takeover.changed(before))
    })
  }

  await t.test(
    'signer: the person signs in by the code box in the frame; the script finds no key and never sees the code',
    async () => {
      await app.openSignedIn('signer')
      assert.deepEqual(await app.attackerFindings(), { keys: 0, codes: [] })
    },
  )

  await t.test(
    "signer: the script's payment waits for the person, untouched by its synthetic events and messages; the person cancels and nothing is paid",
    async () => {
      await app.openSignedIn('signer')
      await app.startPayment()
      await signer.shown('the payment to confirm', '[part~="confirm-button"]')
      const summary = await signer.inFrame(() => run(browser, 'return dialog().textContent'))
      assert.match(summary, /\$success\.usd@/, 'the person sees who is paid')
      await run(browser, POKE_THE_FRAME)
      assert.deepEqual(await run(browser, 'return window.attempts.pay'), { pending: true })
      await signer.click('Cancel')
      assert.deepEqual(await app.payment(), { refused: 'CONFIRMATION_DECLINED' })
    },
  )

  for (const [name, takeover] of Object.entries(SCA_TAKEOVERS)) {
    await t.test(
      `signer: the script ${name}: the relay wants a session key, the page's fetch is refused, the signer asks the person, who cancels`,
      async () => {
        const { customerId, scaCredentialId } = await app.openSignedIn('signer', { sca: true })
        const before = await harness.scaFactors(customerId)
        assert.ok(before.includes(`PASSKEY:${scaCredentialId}`), `factors: ${before}`)
        const code = harness.sandbox.scaCode
        const request = takeover.request(customerId, scaCredentialId)
        // The cookie alone: the relay's challenge, nothing sent on; signed by a key of the
        // script's own (the kit's stamp, which a script can carry): refused.
        const challenge = await run(browser, SEND_AS_PAGE, { request, code, headers: {} })
        assert.equal(challenge.status, 202)
        assert.equal(challenge.code, 'CONFIRMATION_REQUIRED')
        const signature = await stamp(challenge.payloadToSign, await generateSessionKey())
        const headers = { 'Request-Id': challenge.requestId, [WALLET_SIGNATURE_HEADER]: signature }
        const retry = await run(browser, SEND_AS_PAGE, { request, code, headers })
        assert.deepEqual(
          [retry.status, retry.code, retry.details?.reason],
          [403, 'CONFIRMATION_REQUIRED', 'NOT_A_SESSION_KEY'],
        )
        // The signer's plain fetch expects no such act of a plain request: refused unsigned, unasked.
        assert.deepEqual(await run(browser, THROUGH_FETCH, { request, code }), {
          refused: 'PAYLOAD_MISMATCH',
        })
        await start(browser, 'sca', takeover.act, { code })
        await signer.shown('the question', '[part~="confirm-button"]')
        const summary = await signer.inFrame(() => run(browser, 'return dialog().textContent'))
        assert.match(summary, takeover.says)
        await signer.click('Cancel')
        assert.deepEqual(await outcome(browser, 'sca'), { refused: 'CONFIRMATION_DECLINED' })
        assert.deepEqual(await harness.scaFactors(customerId), before)
      },
    )
  }

  await t.test(
    'signer: the person confirms the payment in the frame (Enter on Confirm) and it goes through',
    async () => {
      await app.openSignedIn('signer')
      await app.startPayment()
      await signer.press('Confirm')
      assert.deepEqual(await app.payment(), { value: 'executed' })
    },
  )

  await t.test('signer: the export phrase is shown in the frame only', async () => {
    await app.openSignedIn('signer')
    await start(
      browser,
      'export',
      'return app.wallet.exportWallet(app.me.accountId, { confirm: () => true })',
    )
    await signer.press('Confirm')
    await signer.shown('the phrase', '[role="dialog"] li')
    const words = await signer.inFrame(() =>
      run(browser, `return [...dialog().querySelectorAll('li')].map((item) => item.textContent.trim())`),
    )
    assert.ok(words.length >= 12, `the frame shows the phrase (${words.length} words)`)
    // Any three words in a row would say the page had the phrase, whatever the markup around them.
    const page = await run(browser, 'return document.documentElement.outerHTML + document.body.innerText')
    const runs = words.slice(2).map((_, i) => words.slice(i, i + 3).join(' '))
    assert.deepEqual(
      runs.filter((three) => page.includes(three)),
      [],
      'the page holds none of the phrase',
    )
    await signer.click('Hide')
    assert.deepEqual(await outcome(browser, 'export'), { value: null })
    assert.deepEqual(await app.attackerFindings(), { keys: 0, codes: [] })
  })

  for (const [name, disguise] of Object.entries(DISGUISES)) {
    await t.test(
      `signer, no IntersectionObserver v2 in ${engine.name}: a frame ${name} by the page still takes the person's click (Chromium refuses it)`,
      async () => {
        await app.openSignedIn('signer')
        await app.startPayment()
        await signer.shown('Confirm', '[part~="confirm-button"]')
        assert.equal(await run(browser, disguise), true, `the frame ${name}`)
        await signer.click('Confirm')
        assert.deepEqual(await app.payment(), { value: 'executed' })
      },
    )
  }

  await t.test(
    "signer: a frame the page moved half off the screen (its buttons in view, what is signed not) does not take the person's click",
    async () => {
      await app.openSignedIn('signer')
      await app.startPayment()
      await signer.shown('Confirm', '[part~="confirm-button"]')
      assert.equal(await run(browser, HALF_OFF_SCREEN), true, 'the frame moved')
      // Clicked where the person sees Confirm until the signer says why it does not take it.
      const said = `return dialog()?.textContent.includes('Something is covering this window') || null`
      await waitFor(
        async () => {
          if (await signer.inFrame(() => run(browser, said))) return true
          const at = await signer.where('return buttonNamed(input)', 'Confirm')
          await browser.clickAt(at.x, at.y)
        },
        { timeoutMs: WAIT_MS, what: 'the signer to say the frame is not in view' },
      )
      assert.deepEqual(await run(browser, 'return window.attempts.pay'), { pending: true })
      await run(browser, `${SIGNER_FRAME}.style.removeProperty('transform'); return true`)
      await signer.click('Cancel')
      assert.deepEqual(await app.payment(), { refused: 'CONFIRMATION_DECLINED' })
    },
  )

  await t.test(`signer: what ${engine.name} offers the signer's checks`, async () => {
    await app.openSignedIn('signer')
    const offers = await signer.inFrame(() =>
      run(
        browser,
        `return {
            visibilityTracking: 'isVisible' in IntersectionObserverEntry.prototype,
            userActivation: 'userActivation' in navigator,
            ancestorOrigins: 'ancestorOrigins' in location,
          }`,
      ),
    )
    assert.deepEqual(offers, OFFERS[engine.name])
    if (offers.ancestorOrigins) {
      const ancestors = await signer.inFrame(() => run(browser, 'return [...location.ancestorOrigins]'))
      assert.deepEqual(ancestors, [harness.app])
    }
  })

  await t.test(
    'signer: framed by another origin it is never loaded (CSP frame-ancestors); opened on its own it says so and does nothing',
    async () => {
      const served = harness.signerModule.served
      await browser.navigate(harness.stranger)
      // The top document's load waits for its frame's: by then a signer that loaded had fetched its module.
      await until(browser, 'the stranger page to load', `return document.readyState === 'complete' || null`)
      assert.equal(harness.signerModule.served, served, 'the framed signer fetched no module')
      await browser.navigate(`${harness.signer}/signer.html`)
      await until(
        browser,
        "the signer's sentence",
        `return document.body.textContent.includes('This page works only inside your wallet app.') || null`,
      )
      assert.equal(harness.signerModule.served, served + 1)
    },
  )

  // The mark the added line leaves on the frame's global, once the frame's document has loaded
  // (a module it runs has run by then).
  const markInLoadedFrame = () =>
    signer.inFrame(() =>
      until(
        browser,
        'the signer frame to load',
        `return document.readyState === 'complete' ? { mark: globalThis.signerTamperedRan ?? null } : null`,
      ),
    )

  await t.test(
    'signer: signer.js with a line added is refused by its pin and never runs (pinned to the altered file instead, it runs and leaves its mark)',
    async () => {
      try {
        harness.tamperSigner('module-and-pin')
        await app.openApp('signer')
        assert.deepEqual(await markInLoadedFrame(), { mark: true }, 'the mark shows when the file runs')
        await waitFor(() => (harness.signerModule.tamperedRan > 0 ? true : undefined), {
          timeoutMs: WAIT_MS,
          what: 'the pinned altered module to report',
        })
        harness.tamperSigner('module')
        const { served, tamperedRan } = harness.signerModule
        await app.openApp('signer')
        assert.deepEqual(await markInLoadedFrame(), { mark: null })
        assert.ok(harness.signerModule.served > served, 'the altered module was served')
        assert.equal(harness.signerModule.tamperedRan, tamperedRan, 'the altered module never reported')
      } finally {
        harness.tamperSigner('none')
      }
    },
  )
}

test('the signer against a hostile page script, in every engine', {
  concurrency: ENGINES.length,
  timeout: 600_000,
}, async (t) => {
  await Promise.all(ENGINES.map((engine) => t.test(engine.name, (e) => attackSuite(e, engine))))
})
