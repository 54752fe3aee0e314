// A hostile script in the app's page, installed before the app's code, against the same app in
// its two modes. Each attack succeeds with keys in the page (so the test can fail) and is refused
// with the signer on its own origin, where the key, the code box and the person's confirmation are.
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import { type Attacker, installAttacker } from './attacker.js'
import { type AttackHarness, startAttackHarness } from './startAttackHarness.js'

let harness: AttackHarness

test.beforeAll(async () => {
  harness = await startAttackHarness({ ports: [8811, 8812, 8813] })
})
test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return
  const state = await page
    .evaluate(() => ({
      status: document.querySelector('#status')?.textContent,
      codeShown: !(document.querySelector('#code') as HTMLInputElement | null)?.hidden,
      frame: (document.querySelector('iframe') as HTMLIFrameElement | null)?.style.display,
    }))
    .catch((error: Error) => error.message)
  console.log('state at failure:', JSON.stringify(state))
})
test.afterAll(async () => {
  await harness?.close()
})

type Mode = 'page' | 'signer'
type AppWindow = Window & {
  attacker: Attacker
  app: {
    mode: Mode
    signIn(): Promise<void>
    me: { accountId: string; customerId: string; phoneNumber: string; cardId: string }
    wallet: {
      quotes: {
        create(request: unknown): Promise<{ id: string }>
        execute(id: string, options: unknown): Promise<unknown>
      }
      exportWallet(accountId: string, options?: unknown): Promise<string | undefined>
      smsOtp: { add(accountId: string, options: unknown): Promise<unknown> }
      delegatedKeys: { create(options: unknown): Promise<unknown> }
      fetch(input: string, init?: RequestInit): Promise<Response>
      customers: { updateContact(customerId: string, change: unknown, options?: unknown): Promise<unknown> }
    }
  }
}

async function openApp(page: Page, mode: Mode): Promise<void> {
  await harness.newCustomer()
  await page.addInitScript(installAttacker)
  await page.goto(`${harness.app}/?mode=${mode}`)
  await expect(page.locator('#status')).toHaveText('Ready')
}

const signerFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Your wallet"]')

/** The person cancels what the signer asks, as often as it asks, until the act gives up. */
async function cancelUntilSettled(page: Page, act: Promise<unknown>): Promise<unknown> {
  let settled = false
  const outcome = act.finally(() => {
    settled = true
  })
  await expect(async () => {
    if (!settled) await signerFrame(page).getByRole('button', { name: 'Cancel' }).click({ timeout: 2_000 })
    expect(settled).toBe(true)
  }).toPass()
  return outcome
}

/** The person signs in: the code typed where each mode asks for it. */
async function signIn(page: Page, mode: Mode): Promise<void> {
  const done = page.evaluate(() => (window as unknown as AppWindow).app.signIn())
  const field =
    mode === 'signer'
      ? signerFrame(page).getByLabel('Code', { exact: true })
      : page.getByLabel('Code', { exact: true })
  await field.fill(harness.sandbox.otpCode)
  await done
  await expect(page.locator('#status')).toHaveText('Signed in')
}

/** The attacker pays a quote it created itself, answering the client's confirm with `true`. */
const payAsAttacker = (page: Page) =>
  page.evaluate(async (payee) => {
    const { app } = window as unknown as AppWindow
    const quote = await app.wallet.quotes.create({
      source: { sourceType: 'ACCOUNT', accountId: app.me.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: payee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000_000,
    })
    return app.wallet.quotes.execute(quote.id, { confirm: () => true }).then(
      // Executed: signed and sent (the sandbox settles it later).
      () => ({ executed: true }),
      (error: { code?: string }) => ({ refused: error.code }),
    )
  }, `$success.usd@${harness.sandbox.sandbox.config.umaDomain}`)

/**
 * Account changes the script tries with the client the app holds, answering `confirm` itself: a
 * credential added, a delegated key made for the wallet's card, and the customer's email moved to
 * an address of its own.
 */
const takeovers = {
  'adds an SMS sign-in': () => {
    const { app } = window as unknown as AppWindow
    return app.wallet.smsOtp.add(app.me.accountId, { contact: app.me.phoneNumber, confirm: () => true }).then(
      () => ({ done: true }),
      (error: { code?: string }) => ({ refused: error.code }),
    )
  },
  'makes a delegated key for the card': () => {
    const { app } = window as unknown as AppWindow
    const { cardId, accountId } = app.me
    return app.wallet.delegatedKeys
      .create({ cardId, internalAccountId: accountId, nickname: 'Checkout', confirm: () => true })
      .then(
        () => ({ done: true }),
        (error: { code?: string }) => ({ refused: error.code }),
      )
  },
  "moves the customer's email to its own": () => {
    const { app } = window as unknown as AppWindow
    return app.wallet.customers
      .updateContact(app.me.customerId, { email: 'mallory@example.com' }, { confirm: () => true })
      .then(
        () => ({ done: true }),
        (error: { code?: string }) => ({ refused: error.code }),
      )
  },
}
const attempt = (page: Page, act: () => Promise<unknown>) => page.evaluate(act)

/**
 * The export through the client's plain `fetch`, to a key the script made itself: the signer
 * would otherwise hand the page a wallet sealed to the page's own key.
 */
const exportToOwnKey = (page: Page) =>
  page.evaluate(async () => {
    const { app } = window as unknown as AppWindow
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
    const clientPublicKey = [...raw].map((byte) => byte.toString(16).padStart(2, '0')).join('')
    const path = `/api/wallet/internal-accounts/${encodeURIComponent(app.me.accountId)}/export`
    return app.wallet.fetch(path, { method: 'POST', body: JSON.stringify({ clientPublicKey }) }).then(
      async (response) => ({
        status: response.status,
        sealed: 'encryptedWalletCredentials' in (await response.json()),
      }),
      (error: { code?: string }) => ({ refused: error.code }),
    )
  })

test.describe('keys in the page', () => {
  test('the attacker holds a usable signing key, reads the code, pays and exports', async ({ page }) => {
    await openApp(page, 'page')
    await signIn(page, 'page')
    const attacker = await page.evaluate(async () => {
      const { attacker } = window as unknown as AppWindow
      return { keys: await attacker.usableKeys(), codes: attacker.codes }
    })
    expect(attacker.keys).toBeGreaterThan(0)
    expect(attacker.codes).toContain(harness.sandbox.otpCode)
    expect(await payAsAttacker(page)).toEqual({ executed: true })
    const phrase = await page.evaluate(() => {
      const { app } = window as unknown as AppWindow
      return app.wallet.exportWallet(app.me.accountId, {
        confirm: () => true,
        dangerouslyAcceptUnsignedSandboxExport: true,
      })
    })
    expect(phrase?.split(' ').length).toBeGreaterThanOrEqual(12)
  })

  test('the attacker exports the wallet to its own key through fetch', async ({ page }) => {
    await openApp(page, 'page')
    await signIn(page, 'page')
    expect(await exportToOwnKey(page)).toEqual({ status: 200, sealed: true })
  })

  for (const [name, act] of Object.entries(takeovers)) {
    test(`the attacker ${name}`, async ({ page }) => {
      await openApp(page, 'page')
      await signIn(page, 'page')
      expect(await attempt(page, act)).toEqual({ done: true })
    })
  }
})

test.describe('the signer on its own origin', () => {
  test('no key in reach, the code never in the page', async ({ page }) => {
    await openApp(page, 'signer')
    await signIn(page, 'signer')
    const attacker = await page.evaluate(async () => {
      const { attacker } = window as unknown as AppWindow
      return { keys: await attacker.usableKeys(), codes: attacker.codes }
    })
    expect(attacker).toEqual({ keys: 0, codes: [] })
  })

  test("the attacker's payment waits for the person, who sees it and cancels: nothing is paid", async ({
    page,
  }) => {
    await openApp(page, 'signer')
    await signIn(page, 'signer')
    const attempt = payAsAttacker(page)
    const frame = signerFrame(page)
    const dialog = frame.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('$success.usd@')
    // Everything the page's script can do to the frame from outside: synthetic clicks and keys,
    // focus, and messages of its own.
    await page.evaluate(() => {
      const iframe = document.querySelector('iframe') as HTMLIFrameElement
      iframe.focus()
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        iframe.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: 200, clientY: 200 }))
      }
      iframe.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
      iframe.click()
      iframe.contentWindow?.postMessage({ kind: 'callback-answer', id: 1, ok: true, value: true }, '*')
      iframe.contentWindow?.postMessage({ type: 'embedded-wallet-auth/signer-connect', version: 1 }, '*', [
        new MessageChannel().port2,
      ])
    })
    await expect(dialog).toBeVisible()
    expect(await cancelUntilSettled(page, attempt)).toEqual({ refused: 'CONFIRMATION_DECLINED' })
  })

  // What the page's script can do to the frame's looks: make it transparent, or lay a page over
  // it that lets clicks through. The person's click must not count then (Chromium: the frame
  // checks it is visible with IntersectionObserver v2; other engines do not have it).
  const disguises = {
    'made transparent': () => {
      ;(document.querySelector('iframe') as HTMLIFrameElement).style.setProperty('opacity', '0')
    },
    'covered by the page': () => {
      const cover = document.createElement('div')
      const look = {
        position: 'fixed',
        inset: '0',
        'z-index': '2147483647',
        'pointer-events': 'none',
        background: 'white',
      }
      for (const [name, value] of Object.entries(look)) cover.style.setProperty(name, value)
      cover.id = 'cover'
      cover.textContent = 'Win a prize: click anywhere'
      document.body.append(cover)
    },
  }
  for (const [name, disguise] of Object.entries(disguises)) {
    test(`a frame ${name} does not take the click`, async ({ page }) => {
      await openApp(page, 'signer')
      await signIn(page, 'signer')
      const attempt = payAsAttacker(page)
      const frame = signerFrame(page)
      const confirm = frame.getByRole('button', { name: 'Confirm' })
      await expect(confirm).toBeVisible()
      await page.evaluate(disguise)
      await confirm.hover({ force: true })
      // Clicked until the signer says why it does not take the click: past its waits, the frame
      // is not visible. Without that check, one of these clicks would pay.
      const covered = frame.getByText('Something is covering this window')
      await expect(async () => {
        await confirm.click({ force: true, timeout: 1_000 })
        await expect(covered).toBeVisible({ timeout: 500 })
      }).toPass()
      await page.evaluate(() => document.querySelector('#cover')?.remove())
      await page.evaluate(() =>
        (document.querySelector('iframe') as HTMLIFrameElement).style.removeProperty('opacity'),
      )
      expect(await cancelUntilSettled(page, attempt)).toEqual({ refused: 'CONFIRMATION_DECLINED' })
    })
  }

  for (const [name, act] of Object.entries(takeovers)) {
    test(`the attacker ${name}: the person is asked in the frame, and cancels`, async ({ page }) => {
      await openApp(page, 'signer')
      await signIn(page, 'signer')
      const result = attempt(page, act)
      await expect(signerFrame(page).getByRole('dialog')).toBeVisible()
      expect(await cancelUntilSettled(page, result)).toEqual({ refused: 'CONFIRMATION_DECLINED' })
    })
  }

  test("the page's fetch cannot export: an act the person confirms has its own method", async ({ page }) => {
    await openApp(page, 'signer')
    await signIn(page, 'signer')
    expect(await exportToOwnKey(page)).toEqual({ refused: 'SIGNER_REFUSED' })
    await expect(signerFrame(page).getByRole('dialog')).toHaveCount(0)
  })

  test('the person sees the payment and confirms it in the frame', async ({ page }) => {
    await openApp(page, 'signer')
    await signIn(page, 'signer')
    const attempt = payAsAttacker(page)
    const frame = signerFrame(page)
    const confirm = frame.getByRole('button', { name: 'Confirm' })
    await confirm.hover()
    // The person's click counts once the panel has been in view, the pointer on it, for a moment.
    await expect(async () => {
      await confirm.click({ timeout: 1_000 })
      await expect(frame.getByRole('dialog')).toBeHidden({ timeout: 1_000 })
    }).toPass()
    expect(await attempt).toEqual({ executed: true })
  })

  test('the export phrase is shown in the frame only', async ({ page }) => {
    await openApp(page, 'signer')
    await signIn(page, 'signer')
    const exported = page.evaluate(() => {
      const { app } = window as unknown as AppWindow
      return app.wallet.exportWallet(app.me.accountId, { confirm: () => true })
    })
    const frame = signerFrame(page)
    const confirm = frame.getByRole('button', { name: 'Confirm' })
    await confirm.hover()
    await expect(async () => {
      await confirm.click({ timeout: 1_000 })
      await expect(frame.getByRole('button', { name: 'Confirm' })).toBeHidden({ timeout: 1_000 })
    }).toPass()
    const hide = frame.getByRole('button', { name: 'Hide' })
    await expect(hide).toBeVisible()
    expect(await page.content()).not.toMatch(/\b[a-z]+( [a-z]+){11}\b/)
    await hide.click()
    expect(await exported).toBeUndefined()
  })

  test('framed by another origin or opened on its own, the signer does nothing', async ({ page }) => {
    await page.goto(`${harness.signer}/signer.html`)
    await expect(page.getByText('This page works only inside your wallet app.')).toBeVisible()
    const response = await page.request.get(`${harness.signer}/signer.html`)
    expect(response.headers()['content-security-policy']).toContain(`frame-ancestors ${harness.app}`)
    await page.goto(harness.stranger)
    const framed = page.frameLocator('iframe')
    // The browser refuses to render it (frame-ancestors): no signer UI, no script of it runs.
    await expect(framed.locator('body')).not.toContainText('wallet', { timeout: 2_000 })
    expect(
      page.frames().some((frame) => frame.url().startsWith(harness.signer) && frame.url().endsWith('.html')),
    ).toBe(false)
  })
})
