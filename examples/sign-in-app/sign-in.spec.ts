// A complete test of an app that uses the kit's elements with the signer: the sandbox stands in for
// the wallet service, the app's backend relays to it, the signer document runs on an origin of its
// own (the code is typed and the payment confirmed in its frame), and the kit's Playwright
// fixtures guard every test (a CSP violation or the OTP code in clear fails it) and give the page
// a virtual authenticator.
import { generateKeyPairSync, sign } from 'node:crypto'
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test'
import { startTestSandbox, type TestSandbox } from 'embedded-wallet-auth/testing'
import { confirmInSigner, expect, test, type WalletGuard } from 'embedded-wallet-auth/testing/playwright'
import { type RunningApp, startSignInApp } from './server/startSignInApp.js'

const APP_PORT = 8793
const SANDBOX_PORT = 8794
const SIGNER_PORT = 8795
/** The app's webhook endpoint, registered with the sandbox as an integrator registers it with the service. */
const WEBHOOK_ENDPOINT = `http://localhost:${APP_PORT}/webhooks/service`
/** What the paying user's wallet holds before paying: 10.00 USDB (6 decimals). */
const FUNDED = 10_000_000
const PHONE = { width: 390, height: 844 }

let sandbox: TestSandbox
let app: RunningApp

test.beforeAll(async () => {
  sandbox = await startTestSandbox({
    port: SANDBOX_PORT,
    // Where passkeys are used: the signer's frame (and the app's page, for an app without one).
    origins: [`http://localhost:${APP_PORT}`, `http://localhost:${SIGNER_PORT}`],
    customers: [
      { email: 'ada@example.com' },
      { email: 'grace@example.com' },
      { email: 'joan@example.com' },
      { email: 'linus@example.com' },
      { email: 'hedy@example.com' },
      { email: 'katherine@example.com' },
    ],
  })
  app = await startSignInApp(APP_PORT, {
    service: { baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    signer: {
      port: SIGNER_PORT,
      trustedSigners: [sandbox.signerPublicKey],
      exportSigners: [sandbox.exportSignerPublicKey],
      dangerouslyAcceptUnsignedSandboxExport: true, // the sandbox's exports are unsigned
    },
    users: sandbox.customers, // the app's database knows them
    webhooks: { publicKey: sandbox.webhookPublicKey }, // the service's webhook key
    payTo: `$success.usd@${sandbox.sandbox.config.umaDomain}`, // a sandbox address whose payments succeed
  })
  // The platform's configuration names its webhook endpoint (the service sends its test webhook then).
  const registered = await sandbox.fetch(`${sandbox.baseUrl}/config`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ webhookEndpoint: WEBHOOK_ENDPOINT }),
  })
  expect(registered.status).toBe(200)
})
test.afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})
test.use({ baseURL: `http://localhost:${APP_PORT}` })

/** The signer's frame: its dialog shows over the page while it needs the person. */
const signerFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Your wallet"]')

/** The app's own step, then the email code, typed in the signer's code box (through the guard). */
async function signInByEmail(page: Page, guard: WalletGuard, email: string) {
  await page.goto('/')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await guard.typeCode(signerFrame(page).getByLabel('Code', { exact: true }), sandbox.otpCode)
  await expect(page.getByText('You are signed in.')).toBeVisible()
}

test("signs in with the email code, typed in the signer's box over the page", async ({
  page,
  guard,
}, testInfo) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  // The page says where the code goes; the box is the signer's, and the page has no code field.
  await expect(page.locator('wallet-otp-form').getByRole('status')).toHaveText(
    'We sent a 6-digit code to your email. Type it in the wallet window that opens over this page.',
  )
  const field = signerFrame(page).getByLabel('Code', { exact: true })
  await expect(field).toBeVisible()
  await expect(page.locator('wallet-otp-form input')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('code-in-signer-390px.png') })
  // Typed through the guard: the test fails if the code leaves the browser in clear.
  await guard.typeCode(field, sandbox.otpCode)
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeVisible()
  await expect(page.locator('iframe[title="Your wallet"]')).toBeHidden()
})

test('closing the code box is said in the page, which opens it again for the same code', async ({
  page,
  guard,
}) => {
  await page.goto('/')
  await page.getByLabel('Email').fill('hedy@example.com')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await signerFrame(page).getByRole('button', { name: 'Cancel' }).click()
  const form = page.locator('wallet-otp-form')
  await expect(form.getByRole('status')).toHaveText(
    'The wallet window was closed before the code was typed. Open it again to type the code, or send a new code.',
  )
  await expect(form.getByRole('button', { name: 'Type the code' })).toBeFocused()
  await page.keyboard.press('Enter')
  await guard.typeCode(signerFrame(page).getByLabel('Code', { exact: true }), sandbox.otpCode)
  await expect(page.getByText('You are signed in.')).toBeVisible()
})

test('adds a passkey, confirmed in the signer frame', async ({ page, guard }) => {
  await signInByEmail(page, guard, 'grace@example.com')
  // The signer asks first; then the page's virtual authenticator (the `authenticator` fixture)
  // answers the signer frame's ceremony without a prompt.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(signerFrame(page).getByRole('dialog')).toContainText('Add a passkey')
  await confirmInSigner(page)
  await expect(page.getByText('Passkey added.')).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: /^Passkey/ })).toBeVisible()
})

// The passkey is made and used in the signer's frame: a ceremony framed by the app's page. A
// customer of its own: one with a passkey already is offered its methods by name.
test('signs in with a passkey made in the signer frame', async ({ page, guard }) => {
  await signInByEmail(page, guard, 'katherine@example.com')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await confirmInSigner(page)
  await expect(page.getByText('Passkey added.')).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('button', { name: /^Passkey/ }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText('You are signed in.')).toBeVisible()
})

test('shows the session ending when its time is up on the service', async ({ page, guard }) => {
  await signInByEmail(page, guard, 'joan@example.com')

  // The sandbox's sessions last 15 minutes: move its clock instead of waiting.
  sandbox.clock.advance(16 * 60_000)
  // The next signed action finds the session over (the signer asks first, then the service refuses).
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await confirmInSigner(page)
  const signIn = page.locator('wallet-sign-in')
  await expect(signIn.getByText('Your session ended. Sign in again to continue.')).toBeVisible()
  await expect(signIn.getByRole('button', { name: 'Email me a code' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeHidden()
})

/** A customer's wallet balance as the service holds it, in its smallest unit. */
async function balanceOf(customer: { customerId: string; accountId: string }): Promise<number> {
  const response = await sandbox.fetch(
    `${sandbox.baseUrl}/customers/internal-accounts?customerId=${customer.customerId}`,
  )
  const { data } = (await response.json()) as { data: Array<{ id: string; balance: { amount: number } }> }
  const wallet = data.find((account) => account.id === customer.accountId)
  if (!wallet) throw new Error(`no wallet ${customer.accountId}`)
  return wallet.balance.amount
}

/** Posts a webhook to the app signed by a key that is not the service's. */
function postForged(request: APIRequestContext, data: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `Webhook:${crypto.randomUUID()}`,
    type: 'OUTGOING_PAYMENT.COMPLETED',
    timestamp: new Date().toISOString(),
    data,
  })
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const signature = JSON.stringify({
    v: '1',
    s: sign('sha256', Buffer.from(body), privateKey).toString('base64'),
  })
  return request.post('/webhooks/service', {
    data: body,
    headers: { 'Content-Type': 'application/json', 'X-Service-Signature': signature },
  })
}

test("pays, and the backend receives and verifies the payment's webhooks", async ({
  page,
  guard,
  request,
}, testInfo) => {
  const payer = sandbox.customers[3]
  if (!payer) throw new Error('no paying customer')
  await sandbox.fund(payer.accountId, FUNDED) // the test's set-up funds the wallet
  // A forged webhook about this user is refused, and never shown among theirs.
  const forged = `Transaction:${crypto.randomUUID()}`
  expect(
    (await postForged(request, { id: forged, customerId: payer.customerId, status: 'COMPLETED' })).status(),
  ).toBe(401)

  await page.setViewportSize(PHONE) // paid from a phone
  await signInByEmail(page, guard, payer.email)

  await page.getByRole('button', { name: 'Pay 1.00 USDB' }).click()
  // The person confirms what the wallet signs, in the signer's frame: the quote's terms, to the
  // app's payee, as the signer read them itself.
  const dialog = signerFrame(page).getByRole('dialog')
  await expect(dialog).toContainText('1.00')
  await expect(dialog).toContainText('$success.usd@')
  await page.screenshot({ path: testInfo.outputPath('confirm-390px.png') })
  await confirmInSigner(page)
  const result = page.locator('#payment-result')
  await expect(result).toHaveText(/^(Payment sent, settling|Paid) \(Transaction:/)
  const transactionId = /\((Transaction:[^)]+)\)/.exec((await result.textContent()) ?? '')?.[1] ?? ''

  // A sandbox UMA payment settles a few seconds after it starts: move the sandbox clock.
  sandbox.clock.advance(5_000)
  const events = page.getByRole('list', { name: 'Webhooks received' })
  const ofPayment = events.locator(`li[data-subject="${transactionId}"]`)
  await expect(ofPayment.last()).toHaveAttribute('data-type', 'OUTGOING_PAYMENT.COMPLETED')
  expect(
    await ofPayment.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.type)),
  ).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'])
  await expect(result).toHaveText(`Paid (${transactionId}).`)
  await expect(result).toHaveAttribute('data-status', 'COMPLETED')
  // The wallet's balance update, at the balance the service now holds (the payment taken off).
  const balance = await balanceOf(payer)
  expect(balance).toBeLessThanOrEqual(FUNDED - 1_000_000)
  const updated = events.locator(
    `li[data-type="INTERNAL_ACCOUNT.BALANCE_UPDATED"][data-balance="${balance}"]`,
  )
  await expect(updated).not.toHaveCount(0)
  // Written as money with the decimals the event gave (USDB: 6), not in minor units or guessed.
  await expect(updated.first()).toHaveText(/balance [\d,]+\.\d{2,6} USDB$/)
  await expect(events.locator(`li[data-subject="${forged}"]`)).toHaveCount(0)

  await page.screenshot({ path: testInfo.outputPath('payment-390px.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: testInfo.outputPath('payment-desktop.png'), fullPage: true })
})

test('refuses a webhook without a valid signature', async ({ request }) => {
  const data = { id: `Transaction:${crypto.randomUUID()}`, status: 'COMPLETED' }
  expect((await postForged(request, data)).status()).toBe(401)
  const unsigned = await request.post('/webhooks/service', {
    data: JSON.stringify({
      id: 'Webhook:unsigned',
      type: 'TEST',
      timestamp: new Date().toISOString(),
      data: {},
    }),
    headers: { 'Content-Type': 'application/json' },
  })
  expect(unsigned.status()).toBe(401)
})
