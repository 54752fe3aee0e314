// A complete test of an app that uses the kit's elements with the signer: the sandbox stands in for
// the wallet service, the app's backend relays to it, the signer document runs on an origin of its
// own (the code is typed and the payment confirmed in its frame), and the kit's Playwright
// fixtures guard every test (a CSP violation or the OTP code in clear fails it) and give the page
// a virtual authenticator. People sign up through the page (a US and an EU customer) and pay
// through <wallet-sca-step>; the users of the sign-in tests are the app's database at start.
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
  await page.getByLabel('Email', { exact: true }).fill(email)
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
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com')
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
  await page.getByLabel('Email', { exact: true }).fill('hedy@example.com')
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
  // One click: the passkey's own button, in the list of methods.
  await page.getByRole('button', { name: /^Passkey/ }).click()
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

/** Someone new, as they fill in the sign-up form (`country` as the form lists it). */
interface NewPerson {
  fullName: string
  email: string
  country: string
  mobile?: string
}

/** The signed-in user as the app's backend knows them (its `/api/account`, with the page's cookie). */
interface Account {
  customerId: string
  accountId: string
  endUserIpAddress?: string
}

/** Fills in the sign-up form and sends it. */
async function fillSignUp(page: Page, person: NewPerson) {
  await page.getByLabel('Full name').fill(person.fullName)
  await page.getByLabel('Email address').fill(person.email)
  await page.getByLabel('Country').selectOption({ label: person.country })
  await page.getByLabel('Mobile number').fill(person.mobile ?? '')
  await page.getByRole('button', { name: 'Create my wallet' }).click()
}

/** Signs up through the page, then signs in to the new wallet by email code (in the signer's box). */
async function signUp(page: Page, guard: WalletGuard, person: NewPerson): Promise<Account> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Create a wallet' }).click()
  await fillSignUp(page, person)
  await expect(
    page.getByText('Your wallet is ready. Sign in to it with a code sent to your email.'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await guard.typeCode(signerFrame(page).getByLabel('Code', { exact: true }), sandbox.otpCode)
  await expect(page.getByText('You are signed in.')).toBeVisible()
  const account = await page.request.get('/api/account')
  expect(account.status()).toBe(200)
  return (await account.json()) as Account
}

/** The customer as the service holds it (read as the platform). */
async function customerOf({ customerId }: Account): Promise<Record<string, unknown>> {
  return (await (await sandbox.fetch(`${sandbox.baseUrl}/customers/${customerId}`)).json()) as Record<
    string,
    unknown
  >
}

/**
 * Gets a quote and presses the element's Pay; the person reads what the wallet signs (the quote's
 * terms, to the app's payee, as the signer read them itself) and confirms it in the signer's frame.
 */
async function quoteAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Get a quote' }).click()
  await expect(page.getByText('Quote ready: check it and pay below.')).toBeVisible()
  const step = page.locator('wallet-sca-step')
  await expect(step.getByText(/^You pay 1\.00 USDB to \$success\.usd@/)).toBeVisible()
  // Focus on Pay: Enter pays.
  await expect(step.getByRole('button', { name: 'Pay 1.00 USDB' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = signerFrame(page).getByRole('dialog')
  await expect(dialog).toContainText('1.00')
  await expect(dialog).toContainText('$success.usd@')
  await confirmInSigner(page)
  return step
}

/**
 * The payment sent: moves the sandbox clock until it settles, and checks the backend received and
 * verified its webhooks (the payment's, then the balance update at the balance the service holds).
 */
async function expectWebhooksOfPayment(page: Page, payer: Account, balanceBefore: number) {
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
  await expect(page.locator('wallet-sca-step').getByRole('status')).toHaveText('Paid: the money has arrived.')
  // The wallet's balance update, at the balance the service now holds (the payment taken off).
  const balance = await balanceOf(payer)
  expect(balance).toBeLessThanOrEqual(balanceBefore - 1_000_000)
  const updated = events.locator(
    `li[data-type="INTERNAL_ACCOUNT.BALANCE_UPDATED"][data-balance="${balance}"]`,
  )
  await expect(updated).not.toHaveCount(0)
  // Written as money with the decimals the event gave (USDB: 6), not in minor units or guessed.
  await expect(updated.first()).toHaveText(/balance [\d,]+\.\d{2,6} USDB$/)
  return balance
}

test('the sign-up form says at each field what to fix, as the backend found it', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await page.getByRole('button', { name: 'Create a wallet' }).click()
  await expect(page.getByLabel('Full name')).toBeFocused()
  // Nothing filled in: each field says what it needs; focus goes to the first.
  await page.getByRole('button', { name: 'Create my wallet' }).click()
  const name = page.getByLabel('Full name')
  await expect(name).toHaveAccessibleDescription('Enter your name.')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
    'Enter an email address like ada@example.com.',
  )

  // In the EU the mobile number is needed, and why is said beside it before and after sending.
  const mobile = page.getByLabel('Mobile number')
  await page.getByLabel('Country').selectOption({ label: 'France' })
  await expect(page.locator('#sign-up-phone-hint')).toHaveText(
    /^Needed in the EU: the wallet service texts a code/,
  )
  await fillSignUp(page, { fullName: 'Marie Curie', email: 'marie@example.com', country: 'France' })
  await expect(mobile).toHaveAccessibleDescription(
    /A mobile number is needed in the EU: the wallet service texts you a code to confirm payments\.$/,
  )
  await expect(mobile).toBeFocused()
  await expect(name).not.toHaveAttribute('aria-invalid')
  await page.screenshot({ path: testInfo.outputPath('sign-up-errors-390px.png'), fullPage: true })
  await fillSignUp(page, {
    fullName: 'Marie Curie',
    email: 'marie@example.com',
    country: 'France',
    mobile: '0612',
  })
  await expect(mobile).toHaveAccessibleDescription(/Enter your mobile number with its country code/)

  // An email the app has a wallet for already: said at the email, with what to do instead.
  await fillSignUp(page, { fullName: 'Ada Lovelace', email: 'ADA@example.com', country: 'United States' })
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
    'This email has a wallet already. Sign in with it instead.',
  )
  await expect(page.getByLabel('Email address')).toBeFocused()
  await expect(mobile).not.toHaveAttribute('aria-invalid')

  // The backend takes only what the form offers, whatever a request says.
  const forged = await request.post('/api/sign-up', {
    data: { fullName: 'Ada', email: 'someone@example.com', country: 'ZZ', phoneNumber: '+33612345678' },
  })
  expect(forged.status()).toBe(400)
  expect(await forged.json()).toEqual({
    code: 'INVALID_INPUT',
    fields: { country: 'Choose your country from the list.' },
  })
})

test("a US customer signs up through the page, pays through the element, and the backend verifies the payment's webhooks", async ({
  page,
  guard,
  request,
}, testInfo) => {
  await page.setViewportSize(PHONE) // signed up and paid from a phone
  const payer = await signUp(page, guard, {
    fullName: 'Grace Hopper',
    email: 'grace.hopper@example.com',
    country: 'United States',
  })
  // The backend made the customer on the service with the app's credentials: a US customer, no SCA.
  expect(await customerOf(payer)).toMatchObject({ region: 'US', email: 'grace.hopper@example.com' })
  expect((await customerOf(payer)).contactVerification).toBeUndefined()
  expect(payer.endUserIpAddress).toMatch(/^(127\.0\.0\.1|::1)$/)
  await sandbox.fund(payer.accountId, FUNDED) // the test's set-up funds the wallet
  // A forged webhook about this user is refused, and never shown among theirs.
  const forged = `Transaction:${crypto.randomUUID()}`
  expect(
    (await postForged(request, { id: forged, customerId: payer.customerId, status: 'COMPLETED' })).status(),
  ).toBe(401)

  // No code to type: the service asks a US customer for no strong customer authentication.
  await quoteAndConfirm(page)
  await expectWebhooksOfPayment(page, payer, FUNDED)
  await expect(
    page.getByRole('list', { name: 'Webhooks received' }).locator(`li[data-subject="${forged}"]`),
  ).toHaveCount(0)

  await page.screenshot({ path: testInfo.outputPath('us-payment-390px.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: testInfo.outputPath('us-payment-desktop.png'), fullPage: true })
})

test('an EU customer signs up with a mobile number, pays with the texted code after the SCA login the service asks for, and the backend verifies the webhooks', async ({
  page,
  guard,
}, testInfo) => {
  await page.setViewportSize(PHONE)
  const payer = await signUp(page, guard, {
    fullName: 'Marie Curie',
    email: 'marie.curie@example.com',
    country: 'France',
    mobile: '+33 6 12 34 56 78',
  })
  // An EU customer as the service's contract has it: the mobile number verified from creation.
  expect(await customerOf(payer)).toMatchObject({
    region: 'FR',
    phoneNumber: '+33612345678',
    contactVerification: { phone: 'VERIFIED' },
    kycStatus: 'APPROVED',
  })
  await sandbox.fund(payer.accountId, FUNDED)

  const step = await quoteAndConfirm(page)
  // The payment's code, texted to the customer: typed in the page (the service takes it in clear).
  const paymentCode = step.getByRole('textbox', { name: 'Confirmation code' })
  await expect(paymentCode).toBeFocused()
  await expect(step.getByRole('status')).toHaveText(
    'We sent a 6-digit code by text message. Type it to confirm the payment.',
  )
  await paymentCode.fill(sandbox.scaCode)

  // No SCA login yet: the element leads the person through it in place, and says why.
  await expect(step.getByRole('form', { name: 'Confirm it is you before paying' })).toBeVisible()
  await expect(step.getByRole('status')).toHaveText(
    'Before this payment can go, confirm it is you: we sent a 6-digit code by text message. Type it here.',
  )
  const loginCode = step.getByRole('textbox', { name: 'Code from the text message' })
  await expect(loginCode).toBeFocused()
  // A wrong code is said at the field, which the person types over: never a dead end.
  await loginCode.fill('654321')
  await expect(step.getByRole('alert')).toHaveText('That code is not right. Check it and try again.')
  await expect(step.locator('[part="error-code"]')).toHaveText('Reference for support: INVALID_SCA_CODE')
  await expect(loginCode).toHaveAttribute('aria-invalid', 'true')
  await expect(loginCode).toBeFocused()
  await page.screenshot({ path: testInfo.outputPath('eu-login-wrong-code-390px.png'), fullPage: true })
  await loginCode.fill(sandbox.scaCode)
  // Logged in: the payment's code typed before goes again by itself.
  const balance = await expectWebhooksOfPayment(page, payer, FUNDED)
  // The wrong code's error gone with it.
  await expect(step.locator('[role="alert"]')).toBeEmpty()
  await page.screenshot({ path: testInfo.outputPath('eu-payment-390px.png'), fullPage: true })

  // The SCA session open, the next payment asks for its own code only; a wrong one is said at
  // the field and the right one pays.
  await quoteAndConfirm(page)
  await expect(paymentCode).toBeFocused()
  await paymentCode.fill('654321')
  await expect(step.getByRole('alert')).toHaveText('That code is not right. Check it and try again.')
  await expect(step.locator('[part="error-code"]')).toHaveText('Reference for support: INVALID_SCA_CODE')
  await expect(paymentCode).toHaveAttribute('aria-invalid', 'true')
  await expect(step.getByRole('form', { name: 'Confirm it is you before paying' })).toHaveCount(0)
  await paymentCode.fill(sandbox.scaCode)
  await expectWebhooksOfPayment(page, payer, balance)

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: testInfo.outputPath('eu-payment-desktop.png'), fullPage: true })
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
