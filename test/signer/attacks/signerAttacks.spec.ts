// A hostile script in the app's page, installed before the app's code, against the same app in
// its two modes. Each attack succeeds with keys in the page (so the test can fail) and is refused
// with the signer on its own origin, where the key, the code box and the person's confirmation are:
// the payment, the export, a credential, a delegated key, a contact, an SCA factor removed or
// enrolled, and the person's click sought by synthetic events, a disguised frame, or the frame
// moved under the resting pointer (whose controls, a confirmation drawn in the page and the signer
// with its gate's waits off, take the same click).
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test'
import { generateSessionKey } from '../../../src/keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../../src/stamp/stamp.js'
import { confirmInSigner } from '../../../src/testing/playwright/index.js'
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
      sca: {
        factors(customerId: string): Promise<{ factor: string; credentialId?: string }[]>
        removeFactor(customerId: string, credentialId: string): Promise<void>
        startTotp(customerId: string): Promise<{ secret: string }>
        confirmTotp(customerId: string, proof: { secret: string; code: string }): Promise<string[]>
      }
    }
  }
}

/** A new customer signed up, the attacker installed, the app opened in `mode` (and `search`'s options). */
async function openApp(page: Page, mode: Mode, { sca = false, search = '' } = {}) {
  const user = await harness.newCustomer({ sca })
  await page.addInitScript(installAttacker)
  await page.goto(`${harness.app}/?mode=${mode}${search}`)
  await expect(page.locator('#status')).toHaveText('Ready')
  return user
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

/**
 * The attacker pays a quote it created itself, answering the client's confirm with `true` (with
 * `answer: false`, the app's own confirmation asks the person).
 */
const payAsAttacker = (page: Page, { answer = true } = {}) =>
  page.evaluate(
    async ({ payee, answer }) => {
      const { app } = window as unknown as AppWindow
      const quote = await app.wallet.quotes.create({
        source: { sourceType: 'ACCOUNT', accountId: app.me.accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: payee },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000_000,
      })
      return app.wallet.quotes.execute(quote.id, answer ? { confirm: () => true } : {}).then(
        // Executed: signed and sent (the sandbox settles it later).
        () => ({ executed: true }),
        (error: { code?: string }) => ({ refused: error.code }),
      )
    },
    { payee: `$success.usd@${harness.sandbox.sandbox.config.umaDomain}`, answer },
  )

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

/**
 * The customer's strong customer authentication (an EU customer), which the service changes on the
 * API secret alone: the relay asks for a live session key's signature over its own challenge. The
 * script removes the passkey the customer confirms payments with, or enrols an authenticator app
 * whose secret it holds (every code it will take is the script's to make), through the client the
 * app holds: with keys in the page nothing asks (the app gave its client no `confirm`).
 */
const scaTakeovers = {
  "removes the customer's payment passkey": {
    act: () => {
      const { app } = window as unknown as AppWindow
      const { customerId } = app.me
      return app.wallet.sca
        .factors(customerId)
        .then((factors) => {
          const passkey = factors.find(({ factor }) => factor === 'PASSKEY')
          return app.wallet.sca.removeFactor(customerId, passkey?.credentialId ?? 'none')
        })
        .then(
          () => ({ done: true }),
          (error: { code?: string }) => ({ refused: error.code }),
        )
    },
    /** The factors after it, from those before: the passkey gone. */
    changed: (before: string[]) => before.filter((factor) => !factor.startsWith('PASSKEY:')),
    /** What the person reads in the signer's dialog. */
    says: /Remove one of the ways you approve payments/,
    /** The same act as the relay's route, for the cookie alone and the page's `wallet.fetch`. */
    request: (customerId: string, credentialId: string) => ({
      method: 'DELETE',
      path: `/api/wallet/sca/factors/${encodeURIComponent(credentialId)}?customerId=${customerId}`,
    }),
  },
  'enrols an authenticator app of its own': {
    act: (code: string) => {
      const { app } = window as unknown as AppWindow
      const { customerId } = app.me
      return app.wallet.sca
        .startTotp(customerId)
        .then(({ secret }) => app.wallet.sca.confirmTotp(customerId, { secret, code }))
        .then(
          () => ({ done: true }),
          (error: { code?: string }) => ({ refused: error.code }),
        )
    },
    changed: (before: string[]) => [...before, 'TOTP'].sort(),
    says: /Add an authenticator app to confirm payments\./,
    // A secret of a pending enrolment the script started itself (starting one binds nothing).
    request: (customerId: string) => ({
      method: 'POST',
      path: `/api/wallet/sca/factors/confirm?customerId=${customerId}`,
      totp: true,
    }),
  },
}

type RelayRequest = { method: string; path: string; totp?: boolean }

/**
 * The act as a request of the page's own, its cookie riding along: the relay answers its challenge
 * (nothing reaches the service), and the script's retry signed by a key of its own (the kit's
 * `stamp`, which a script can carry as well) is refused.
 */
async function cookieAndOwnKey(page: Page, request: RelayRequest, code: string) {
  const send = (headers: Record<string, string>) =>
    page.evaluate(
      async ({ request, code, headers }) => {
        const { app } = window as unknown as AppWindow
        const query = `?customerId=${app.me.customerId}`
        let body: string | undefined
        if (request.totp) {
          // The secret of the enrolment the script started (kept for the retry: the same bytes).
          const kept = window as unknown as { secret?: string }
          if (!kept.secret) {
            const started = await fetch(`/api/wallet/sca/factors${query}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ type: 'TOTP' }),
            })
            kept.secret = ((await started.json()) as { secret: string }).secret
          }
          body = JSON.stringify({ type: 'TOTP', secret: kept.secret, code })
        }
        const response = await fetch(request.path, {
          method: request.method,
          headers: { 'Content-Type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body }),
        })
        return { status: response.status, ...((await response.json()) as Record<string, unknown>) }
      },
      { request, code, headers },
    )
  const challenge: Record<string, unknown> = await send({})
  expect(challenge).toMatchObject({ status: 202, code: 'CONFIRMATION_REQUIRED' })
  const signature = await stamp(String(challenge.payloadToSign), await generateSessionKey())
  const retry = await send({
    'Request-Id': String(challenge.requestId),
    [WALLET_SIGNATURE_HEADER]: signature,
  })
  expect(retry).toMatchObject({
    status: 403,
    code: 'CONFIRMATION_REQUIRED',
    details: { reason: 'NOT_A_SESSION_KEY' },
  })
}

/** The act through the page's `wallet.fetch`: in signer mode the signer signs only what moves nothing. */
const throughFetch = (page: Page, request: RelayRequest, code: string) =>
  page.evaluate(
    async ({ request, code }) => {
      const { app } = window as unknown as AppWindow
      const body = request.totp
        ? JSON.stringify({
            type: 'TOTP',
            secret: (await app.wallet.sca.startTotp(app.me.customerId)).secret,
            code,
          })
        : undefined
      return app.wallet.fetch(request.path, { method: request.method, ...(body ? { body } : {}) }).then(
        (response) => ({ status: response.status }),
        (error: { code?: string }) => ({ refused: error.code }),
      )
    },
    { request, code },
  )

/** How the page's script moves a layer: a CSS transform (drawn by the compositor) or its box (layout). */
const MOVES = ['transform', 'left and top'] as const
type Move = (typeof MOVES)[number]

/** Where the bait and the layer's Confirm are, in the page's viewport. */
type Point = { x: number; y: number }

/**
 * Puts `layer` (a full-viewport layer: the signer's frame, or the page's own confirmation) at
 * `offset` from where it rests, with the page's own bait button drawn at `bait`, if given. Answers
 * once two frames were drawn since (a click then goes where the person sees things) with what the
 * page's hit test finds at `bait`: the layer (or what is in it), else the bait.
 */
const place = (page: Page, layer: string, move: Move, offset: Point, bait: Point, drawBait = false) =>
  page.evaluate(
    ({ layer, move, offset, bait, drawBait }) => {
      const element = document.querySelector(layer) as HTMLElement
      if (move === 'transform') {
        element.style.setProperty('transform', `translate(${offset.x}px, ${offset.y}px)`)
      } else {
        element.style.setProperty('left', `${offset.x}px`)
        element.style.setProperty('top', `${offset.y}px`)
      }
      if (drawBait) {
        const button = document.createElement('button')
        button.id = 'bait'
        button.textContent = 'Claim your prize'
        const look = { position: 'fixed', left: `${bait.x - 60}px`, top: `${bait.y - 15}px`, width: '120px' }
        for (const [name, value] of Object.entries(look)) button.style.setProperty(name, value)
        document.body.append(button)
      }
      return new Promise<string | undefined>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const hit = document.elementFromPoint(bait.x, bait.y)
            resolve(hit?.closest(layer) ? 'layer' : hit?.id)
          }),
        ),
      )
    },
    { layer, move, offset, bait, drawBait },
  )

/**
 * The clickjacking choreography: the page's script lays `layer` aside, its panel still in view,
 * so that the person's pointer rests on a bait button of the page beside it; then, just before the
 * person clicks the bait, moves the layer so that its Confirm is under the resting pointer (the
 * page's hit test finds it there), and the person's click lands there. Answers how long after the
 * move the click was made, at most.
 */
async function clickAfterMoveUnderPointer(page: Page, layer: string, confirm: Locator, move: Move) {
  const box = await confirm.boundingBox()
  if (!box) throw new Error('Confirm is not on screen.')
  const target = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const bait = { x: Math.round(target.x - 200), y: Math.round(target.y) }
  expect(await place(page, layer, move, { x: bait.x + 20, y: 0 }, bait, true)).toBe('bait')
  await page.mouse.move(bait.x, bait.y, { steps: 5 })
  const movedAt = performance.now()
  expect(await place(page, layer, move, { x: bait.x - target.x, y: bait.y - target.y }, bait)).toBe('layer')
  await page.mouse.down()
  await page.mouse.up()
  return performance.now() - movedAt
}

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

  // The control of the clickjacking below: the same choreography against a confirmation the page
  // draws itself (the script could answer it; the point is where the person's click lands).
  for (const move of MOVES) {
    test(`a confirmation drawn in the page, moved (${move}) under the person's resting pointer, takes the click`, async ({
      page,
    }) => {
      await openApp(page, 'page', { search: '&confirm=page' })
      await signIn(page, 'page')
      const attempt = payAsAttacker(page, { answer: false })
      const confirm = page.locator('#page-confirm').getByRole('button', { name: 'Confirm' })
      await expect(confirm).toBeVisible()
      await clickAfterMoveUnderPointer(page, '#page-confirm', confirm, move)
      expect(await attempt).toEqual({ executed: true })
    })
  }

  for (const [name, takeover] of Object.entries(scaTakeovers)) {
    test(`the attacker ${name}`, async ({ page }) => {
      const { customerId } = await openApp(page, 'page', { sca: true })
      await signIn(page, 'page')
      const before = await harness.scaFactors(customerId)
      expect(before).toContainEqual(expect.stringMatching(/^PASSKEY:/))
      expect(await page.evaluate(takeover.act, harness.sandbox.scaCode)).toEqual({ done: true })
      expect(await harness.scaFactors(customerId)).toEqual(takeover.changed(before))
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

  // What the page's script can do to the frame's looks: make it transparent, lay a page over it
  // that lets clicks through, or move it half off the screen so that the buttons show and what is
  // signed does not. The person's click must not count then (Chromium: the frame checks it is
  // visible with IntersectionObserver v2; in every engine, that all of its panel is in view).
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
    'moved half off the screen': () => {
      ;(document.querySelector('iframe') as HTMLIFrameElement).style.setProperty(
        'transform',
        'translateY(-50vh)',
      )
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
      await page.evaluate(() => {
        const { style } = document.querySelector('iframe') as HTMLIFrameElement
        style.removeProperty('opacity')
        style.removeProperty('transform')
      })
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

  // The frame moved under the person's resting pointer just before the person clicks a bait of the
  // page. Chromium itself drops input to a cross-origin frame that moved less than 500 ms ago, in
  // a document that tracks its visibility with IntersectionObserver v2 (as the signer's gate
  // does): the click right after the move never reaches the frame. The control: the same
  // choreography against the page's own confirmation, above, is paid.
  for (const move of MOVES) {
    test(`a frame moved (${move}) under the person's resting pointer does not take the click right after`, async ({
      page,
    }) => {
      await openApp(page, 'signer')
      await signIn(page, 'signer')
      const attempt = payAsAttacker(page)
      const confirm = signerFrame(page).getByRole('button', { name: 'Confirm' })
      await expect(confirm).toBeVisible()
      const elapsed = await clickAfterMoveUnderPointer(page, 'iframe[title="Your wallet"]', confirm, move)
      // What this test shows holds for a click made within 500 ms of the move (past it, a click
      // on a frame still under the pointer is the person's to make): a machine too slow says so.
      expect(elapsed, 'ms from the move to the click').toBeLessThan(500)
      // The person's next click, on Cancel, is handled after that one: had it confirmed, the
      // payment would be made and nothing left to cancel.
      expect(await cancelUntilSettled(page, attempt)).toEqual({ refused: 'CONFIRMATION_DECLINED' })
    })
  }

  // Moved by a transform, the frame sees no pointer arrive until the click itself (a move of its
  // box makes Chromium tell the frame the pointer is over it then). Once Chromium takes clicks
  // for the frame again, the first that reaches Confirm is the person gate's to judge: the
  // pointer has only just arrived. The control: the same signer with the gate's waits off
  // (`minVisibleMs: 0`) takes that click and pays, so it is the gate's rule that refuses here.
  for (const waits of ['on', 'off'] as const) {
    const outcome =
      waits === 'on' ? 'is refused: the pointer just arrived' : 'pays with the waits off (control)'
    test(`a frame moved by a transform under the resting pointer: the first click to reach it ${outcome}`, async ({
      page,
    }) => {
      harness.signerWaits(waits === 'on' ? undefined : 0)
      try {
        await openApp(page, 'signer')
        await signIn(page, 'signer')
        const attempt = payAsAttacker(page)
        const frame = signerFrame(page)
        const confirm = frame.getByRole('button', { name: 'Confirm' })
        await expect(confirm).toBeVisible()
        await clickAfterMoveUnderPointer(page, 'iframe[title="Your wallet"]', confirm, 'transform')
        // Clicked again in place, the pointer still, until a click reaches the frame (Chromium
        // drops those of the first 500 ms after the move): the signer then says it refused it, or
        // closes its dialog.
        const said = frame.getByText('Hold on a moment, then confirm.')
        const dialog = frame.getByRole('dialog')
        const reached = () => (waits === 'on' ? said.isVisible() : dialog.isHidden())
        await expect(async () => {
          if (!(await reached())) {
            await page.mouse.down()
            await page.mouse.up()
          }
          if (waits === 'on') await expect(said).toBeVisible({ timeout: 1_000 })
          else await expect(dialog).toBeHidden({ timeout: 1_000 })
        }).toPass()
        if (waits === 'off') expect(await attempt).toEqual({ executed: true })
        else expect(await cancelUntilSettled(page, attempt)).toEqual({ refused: 'CONFIRMATION_DECLINED' })
      } finally {
        harness.signerWaits(undefined)
      }
    })
  }

  for (const [name, takeover] of Object.entries(scaTakeovers)) {
    test(`the attacker ${name}: the relay wants a session key, the signer asks the person, who cancels`, async ({
      page,
    }) => {
      const { customerId, scaCredentialId = '' } = await openApp(page, 'signer', { sca: true })
      await signIn(page, 'signer')
      const before = await harness.scaFactors(customerId)
      expect(before).toContain(`PASSKEY:${scaCredentialId}`)
      const request = takeover.request(customerId, scaCredentialId)
      const code = harness.sandbox.scaCode
      await cookieAndOwnKey(page, request, code)
      // The signer's plain fetch holds what it signs to what the request itself asks: the relay's
      // act is nothing a plain request expects, so it is refused before anything is signed or asked.
      expect(await throughFetch(page, request, code)).toEqual({ refused: 'PAYLOAD_MISMATCH' })
      await expect(signerFrame(page).getByRole('dialog')).toHaveCount(0)
      const result = page.evaluate(takeover.act, code)
      const dialog = signerFrame(page).getByRole('dialog')
      await expect(dialog).toContainText(takeover.says)
      expect(await cancelUntilSettled(page, result)).toEqual({ refused: 'CONFIRMATION_DECLINED' })
      expect(await harness.scaFactors(customerId)).toEqual(before)
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
    await confirmInSigner(page, /You send/)
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
