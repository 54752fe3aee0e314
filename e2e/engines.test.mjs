// The demo page in signer mode (its default: the keys, the code box, the confirmations and the
// recovery phrase in the signer's frame, on its own origin) in Firefox ESR (Marionette, with a
// virtual authenticator) and WebKitGTK (WebKitWebDriver, no WebAuthn), as e2e/*.spec.ts drive it in
// Chromium: the email-code sign-in with the code typed in the signer's box, a signed call that
// moves nothing, a payment confirmed in the frame, the history and an incoming payment approved,
// the export, the passkey where the engine has WebAuthn, and the sign-out. What the person does in the signer's frame is the driver's own,
// trusted input (test/engines/signerFrame.mjs); the page's own buttons are clicked by script.
// Run by `npm run test:engines`.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENGINES } from '../test/engines/engineLaunchers.mjs'
import { runInPage } from '../test/engines/runInPage.mjs'
import { signerFrame } from '../test/engines/signerFrame.mjs'
import { waitFor } from '../test/engines/waitFor.mjs'
import { startDemo } from './startDemo.mjs'

// Conditions are waited for, never times: bounded generously, so a loaded machine is only slower.
const WAIT_MS = 30_000

/** The sandbox accepts this OTP code, and only this one. */
const SANDBOX_CODE = '000000'

// In-page helpers of every step: queries through the elements' open shadow roots (a host's own
// included), what is on screen, and the signer's frame as the page holds it.
const HELPERS = `
  const roots = (root) => [
    root,
    ...(root.shadowRoot ? roots(root.shadowRoot) : []),
    ...[...root.querySelectorAll('*')].flatMap((element) => (element.shadowRoot ? roots(element.shadowRoot) : [])),
  ]
  const deepAll = (root, selector) => [...new Set(roots(root).flatMap((each) => [...each.querySelectorAll(selector)]))]
  const deep = (root, selector) => deepAll(root, selector)[0] ?? null
  const $ = (selector) => document.querySelector(selector)
  const text = (selector) => $(selector)?.textContent.trim() ?? ''
  const shown = (element) => !!element && element.getClientRects().length > 0
  const buttonNamed = (root, name) =>
    deepAll(root, 'button').find((button) => button.textContent.trim() === name && shown(button)) ?? null
  const part = (host, name) => deep(host, '[part~="' + name + '"]')
  const frame = () => $('iframe[title="Your wallet"]')
  const frameShown = () => !!frame() && getComputedStyle(frame()).display !== 'none'
  const signedIn = () => shown($('#wallet')) && !shown($('#sign-in'))
  // Everything the page's document holds: the markup and text of it and of its elements' shadow
  // roots, what it shows, and every field's value.
  const pageHolds = () => [
    document.documentElement.outerHTML,
    document.body.innerText,
    ...roots(document).flatMap((root) => [root.textContent ?? '', root === document ? '' : root.innerHTML]),
    ...deepAll(document, 'input, textarea').map((field) => field.value),
  ].join('\\n')
`

// What the page shows the person, for a step that timed out: where it stands, and what it said.
const SEEN = `return {
  signIn: shown($('#sign-in')),
  wallet: shown($('#wallet')),
  signerFrame: frameShown(),
  said: deepAll(document, '[role="status"], [role="alert"], p.status, p.alert, [part~="error"]')
    .filter(shown).map((node) => node.textContent.trim()).filter(Boolean),
}`

/** The page's side of one engine's browser: scripts run in the demo's document. */
function pageOf(browser) {
  const run = (body, input = null) => runInPage(browser, body, { input, helpers: HELPERS })
  return {
    run,
    /**
     * Runs `body` until it answers something other than `undefined`, `null` or `false`; a
     * timeout says what the page showed then.
     */
    until: (what, body, input = null) =>
      waitFor(async () => (await run(body, input)) || undefined, { timeoutMs: WAIT_MS, what }).catch(
        async (error) => {
          const seen = await run(SEEN).catch((failed) => String(failed))
          throw new Error(`${error.message}; the page showed ${JSON.stringify(seen)}`, { cause: error })
        },
      ),
  }
}

/** The signer dialog's text as the person reads it, its parts on lines of their own. */
const dialogLines = (signer) =>
  signer.inFrame(() =>
    signer.run(`return dialog()?.innerText.split('\\n').map((line) => line.trim()).filter(Boolean) ?? []`),
  )

/**
 * The person at the demo in one engine: every step in turn, one browser with a profile of its own
 * (its own demo user), against the demo `url`.
 */
async function demoInEngine(t, engine, url) {
  const browser = await engine.launch()
  t.after(() => browser.close())
  t.diagnostic(`${engine.name} ${browser.version}`)
  const page = pageOf(browser)
  const signer = signerFrame(browser, { waitMs: WAIT_MS })
  const email = `engines-${engine.name}-${crypto.randomUUID()}@example.com`

  // The signer's frame stays hidden while `act` runs: no dialog asked anything of the person.
  async function withoutDialog(act) {
    await page.run(
      `window.dialogShown = false
      window.dialogWatch?.disconnect()
      window.dialogWatch = new MutationObserver(() => { window.dialogShown ||= frameShown() })
      window.dialogWatch.observe(frame(), { attributes: true })`,
    )
    await act()
    assert.equal(
      await page.run('window.dialogWatch.disconnect(); return window.dialogShown'),
      false,
      'a dialog',
    )
  }

  await t.test(
    'email-code sign-in: the code is typed in the signer frame and never reaches the page',
    async () => {
      await browser.navigate(`${url}/`)
      await page.until('the page to ask who you are', `return shown($('#who'))`)
      assert.match(
        await page.run(`return text('#keys-mode')`),
        /^Keys: in the signer frame on http:\/\/localhost:/,
      )
      await page.run(
        `$('#email').value = input
        $('#country').value = 'US'
        $('#who').requestSubmit()`,
        email,
      )
      await page.until(
        'the account to be found',
        `return shown($('#methods')) && text('#methods-email') === input`,
        email,
      )
      // Keys the page's document hears, had the code been typed anywhere in it.
      await page.run(
        `window.keysHeard = []; addEventListener('keydown', (event) => keysHeard.push(event.key), true)`,
      )
      await page.until(
        'Email me a code',
        `const send = buttonNamed($('wallet-sign-in'), 'Email me a code'); send?.click(); return !!send`,
      )
      // Five digits in the box: the frame holds them, the page holds none of them.
      const partial = SANDBOX_CODE.slice(0, -1)
      await signer.typeCode(partial)
      assert.equal(
        await signer.inFrame(() => signer.run(`return deep(document, 'input#code').value`)),
        partial,
        "the signer's box",
      )
      assert.equal(
        await page.run(
          `return deepAll(document, 'input, textarea').some((field) => field.value.includes(input))`,
          partial,
        ),
        false,
        'a field of the page holds the code',
      )
      await signer.typeCode(SANDBOX_CODE.slice(-1))
      await page.until('the wallet', `return signedIn() && text('#who-email') === input`, email)
      const wallet = await page.run(
        `return {
          signedInWith: text('#signed-in-with'),
          publicKey: /^0[23][0-9a-f]{64}$/.test(text('#public-key')),
          nonExtractable: text('#non-extractable').startsWith('yes'),
          storedIn: text('#stored-in').startsWith("the signer frame's IndexedDB"),
        }`,
      )
      assert.deepEqual(wallet, {
        signedInWith: 'Email code',
        publicKey: true,
        nonExtractable: true,
        storedIn: true,
      })
      await page.until('the sentence', `return text('#wallet > p.status') === 'Signed in with email code.'`)
      assert.equal(
        await page.run(
          `return deepAll(document, 'input, textarea').some((field) => field.value.includes(input))`,
          partial,
        ),
        false,
        'a field of the page holds the code',
      )
      assert.deepEqual(
        await page.run('return keysHeard.filter((key) => /^[0-9]$/.test(key))'),
        [],
        'digits the page heard',
      )
    },
  )

  await t.test('"Stay signed in": a signed call that moves nothing, no dialog', async () => {
    const before = await page.run(`return text('#public-key')`)
    await withoutDialog(async () => {
      await page.run(`buttonNamed($('wallet-session-status'), 'Stay signed in').click()`)
      await page.until(
        'the new session',
        `return part($('wallet-session-status'), 'status')?.textContent === 'You stay signed in.'`,
      )
    })
    const after = await page.run(`return text('#public-key')`)
    assert.match(after, /^0[23][0-9a-f]{64}$/)
    assert.notEqual(after, before, 'a new session key')
    assert.equal(await page.run(`return part($('wallet-session-status'), 'error')?.textContent ?? ''`), '')
    // The refresh was signed with the key it replaced (the backend's log of what the relay forwarded).
    await page.until(
      'the signed refresh in the activity',
      `return [...document.querySelectorAll('#activity li.signed, #activity li.signed-retry')].some((entry) =>
        /refresh/.test(entry.querySelector('.line code')?.textContent ?? '') &&
        entry.querySelector('dl.stamp dd')?.textContent === input)`,
      before,
    )
  })

  await t.test(
    "a payment: the signer's dialog says what is paid to whom, confirmed in the frame, paid",
    async () => {
      await withoutDialog(async () => {
        await page.run(`$('#fund-amount').value = '1000'; $('#fund').click()`)
        await page.until('the funds', `return text('#balance') === '1,000.00 USDB'`)
        await page.run(
          `const destination = $('#destination')
          destination.value = [...destination.options].find((option) => option.textContent === '$success.usd').value
          destination.dispatchEvent(new Event('change'))
          $('#quote-amount').value = '25'
          $('#get-quote').click()`,
        )
        await page.until('the quote', `return $('#quote-status').dataset.status === 'PENDING'`)
      })
      const summary = await page.run(`return part($('wallet-sca-step'), 'summary').textContent`)
      assert.match(summary, /^You pay 25\.00 USDB to UMA \$success\.usd@\S+\./)
      await page.run(`part($('wallet-sca-step'), 'pay').click()`)
      await signer.shown('the payment to confirm', '[part~="confirm-button"]')
      const lines = await dialogLines(signer)
      const after = (label) => lines[lines.indexOf(label) + 1]
      assert.equal(lines[0], 'Check this before you confirm')
      assert.equal(after('You send'), '25.00 USDB', JSON.stringify(lines))
      assert.match(after('To') ?? '', /^\$success\.usd@\S+$/, JSON.stringify(lines))
      await signer.press('Confirm')
      await page.until(
        'the payment to arrive',
        `return part($('wallet-sca-step'), 'status')?.textContent === 'Paid: the money has arrived.'`,
      )
      assert.deepEqual(
        await page.run(
          `return { quote: text('#quote-status'), transaction: /^Transaction:/.test(text('#transaction-id')), error: part($('wallet-sca-step'), 'error')?.textContent ?? '' }`,
        ),
        { quote: 'Paid', transaction: true, error: '' },
      )
      await page.until('the balance after', `return text('#balance') === '975.00 USDB'`)
    },
  )

  await t.test('history lists the payment; a payment for you waits, is approved, and arrives', async () => {
    const history = (words) =>
      page.until(
        `"${words}" in the history`,
        `return deepAll($('wallet-transaction-list'), 'li').some((item) => item.textContent.includes(input))`,
        words,
      )
    await history('Sent 25.00 USDB')
    // Approving is a read of the person's choice, not a signature: no dialog in the signer.
    await withoutDialog(async () => {
      await page.run(`$('#receive-payment').click()`)
      await page.until('the payment for you', `return !!buttonNamed($('#incoming-list'), 'Approve')`)
      assert.match(
        await page.run(`return text('#incoming-list .incoming-summary')`),
        /^\$friend@\S+ sends you 50\.00 USDB\.$/,
      )
      await page.run(`buttonNamed($('#incoming-list'), 'Approve').click()`)
      await page.until(
        'the approval',
        `return text('#incoming-list .incoming-outcome') === 'Approved: 50.00 USDB added to your wallet.'`,
      )
    })
    await page.until('the balance after', `return text('#balance') === '1,025.00 USDB'`)
    await history('Received 50.00 USDB')
  })

  await t.test('export: the recovery phrase is shown in the signer frame only, then hidden', async () => {
    await page.run(`buttonNamed($('wallet-export-reveal'), 'Show recovery phrase').click()`)
    await signer.shown('the export to confirm', '[part~="confirm-button"]')
    assert.match((await dialogLines(signer)).join(' '), /recovery phrase/i)
    await signer.press('Confirm')
    await signer.shown('the phrase', '[role="dialog"] li')
    const words = await signer.inFrame(() =>
      signer.run(`return [...dialog().querySelectorAll('li')].map((item) => item.textContent.trim())`),
    )
    assert.ok(words.length >= 12 && words.every((word) => /^[a-z]+$/.test(word)), `the phrase: ${words}`)
    // Any three words in a row would say the page had the phrase, whatever the markup around them.
    const held = await page.run('return pageHolds()')
    const runs = words.slice(2).map((_, i) => words.slice(i, i + 3).join(' '))
    assert.deepEqual(
      runs.filter((three) => held.includes(three) || held.includes(three.replaceAll(' ', ''))),
      [],
      'the page holds some of the phrase',
    )
    await signer.click('Hide')
    await page.until(
      'the export to end',
      `return !frameShown() && buttonNamed($('wallet-export-reveal'), 'Show recovery phrase')`,
    )
    assert.equal(
      await page.run(`return part($('wallet-export-reveal'), 'status').textContent`),
      'Recovery phrase hidden. It was shown in the wallet window only.',
    )
    assert.equal(
      await signer.inFrame(() => signer.run(`return deep(document, '[role="dialog"]') === null`)),
      true,
      'the phrase gone from the frame',
    )
  })

  if (engine.passkeys) {
    await t.test(
      'passkey: made in the signer frame after the person confirms, then signed in with',
      async () => {
        await page.run(`$('#add-passkey').click()`)
        await signer.shown('the passkey to confirm', '[part~="confirm-button"]')
        assert.match((await dialogLines(signer)).join(' '), /Add a passkey made on this device/)
        await signer.press('Confirm')
        await page.until(
          'the passkey added',
          `return $('#add-passkey').parentElement.querySelector(':scope > p.status')?.textContent
            .startsWith('Passkey added')`,
        )
        assert.equal(
          await page.run(`return $('#credentials li[data-type="PASSKEY"]')?.textContent.includes('Passkey')`),
          true,
        )
        await signOut(page)

        // One click: the passkey's own button in the list of methods, its challenge fetched ahead.
        const button = `const button = deepAll($('wallet-sign-in'), 'button')
            .find((each) => each.textContent.trim().startsWith('Passkey') && shown(each))
          return button && !button.disabled ? button : null`
        await page.until('the passkey button', button)
        // The person's click: WebAuthn wants their activation.
        await clickInPage(browser, page, button)
        await page.until('the wallet', `return signedIn() && text('#signed-in-with') === 'Passkey'`)
        assert.equal(await page.run(`return text('#who-email')`), email)
        await page.until('the sentence', `return text('#wallet > p.status') === 'Signed in with passkey.'`)
      },
    )
  } else {
    await t.test('no WebAuthn: a passkey is said impossible, the person not asked for it', async () => {
      assert.equal(await page.run('return typeof PublicKeyCredential'), 'undefined', 'WebAuthn in the page')
      assert.equal(
        await signer.inFrame(() => signer.run('return typeof PublicKeyCredential')),
        'undefined',
        'WebAuthn in the signer frame',
      )
      // The signer does not ask the person for what this browser cannot make.
      let alert
      await withoutDialog(async () => {
        await page.run(`$('#add-passkey').click()`)
        alert = await page.until(
          'the refusal',
          `const alert = $('#add-passkey').parentElement.querySelector(':scope > p.alert')
          return alert?.textContent && [alert.textContent, alert.nextElementSibling?.textContent]`,
        )
      })
      // The sentence, and the code apart on the line after it.
      assert.deepEqual(alert, [
        'This browser cannot use passkeys. Use another way to sign in.',
        'Reference for support: PASSKEY_NOT_SUPPORTED',
      ])
      assert.equal(
        await page.run(`return !!$('#credentials li[data-type="PASSKEY"]')`),
        false,
        'a passkey listed',
      )
      assert.equal(await page.run('return signedIn()'), true, 'still signed in')
    })
  }

  await t.test('sign out', () => signOut(page))
}

/** The person's click on the element `find` answers (a function body run in the page). */
async function clickInPage(browser, page, find) {
  const at = await page.run(
    `const element = (() => { ${find} })()
    element.scrollIntoView({ block: 'center' })
    const { x, y, width, height } = element.getBoundingClientRect()
    return { x: x + width / 2, y: y + height / 2 }`,
  )
  await browser.clickAt(at.x, at.y)
}

/** "Sign out" of `<wallet-session-status>`: back to the sign-in, said so. */
async function signOut(page) {
  await page.run(`buttonNamed($('wallet-session-status'), 'Sign out').click()`)
  await page.until('the sign-in', `return shown($('#sign-in')) && !shown($('#wallet'))`)
  assert.equal(
    await page.run(`return part($('wallet-sign-in'), 'status')?.textContent`),
    'You signed out. The session key was removed from this browser.',
  )
}

test('the demo in signer mode, in every engine', {
  concurrency: ENGINES.length,
  timeout: 600_000,
}, async (t) => {
  const demo = await startDemo()
  t.after(() => demo.close())
  await Promise.all(ENGINES.map((engine) => t.test(engine.name, (e) => demoInEngine(e, engine, demo.url))))
})
