// A complete test of an app that uses the kit's elements: the sandbox stands in for the wallet
// service, the app's backend relays to it, and the kit's Playwright fixtures guard every test (a
// CSP violation or the OTP code in clear fails it) and give the page a virtual authenticator.
import { startTestSandbox, type TestSandbox } from 'embedded-wallet-auth/testing'
import { expect, test } from 'embedded-wallet-auth/testing/playwright'
import { type RunningApp, startSignInApp } from './server/startSignInApp.js'

const APP_PORT = 8793
const SANDBOX_PORT = 8794

let sandbox: TestSandbox
let app: RunningApp

test.beforeAll(async () => {
  sandbox = await startTestSandbox({
    port: SANDBOX_PORT,
    origins: [`http://localhost:${APP_PORT}`], // where passkeys are made
    customers: [{ email: 'ada@example.com' }, { email: 'grace@example.com' }, { email: 'joan@example.com' }],
  })
  app = await startSignInApp(APP_PORT, {
    service: { baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    trustedSigners: [sandbox.signerPublicKey],
    users: sandbox.customers, // the app's database knows them
  })
})
test.afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})
test.use({ baseURL: `http://localhost:${APP_PORT}` })

test('signs in with the email code', async ({ page, guard }) => {
  await page.goto('/')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  // Typed through the guard: the test fails if the code leaves the page in clear.
  await guard.typeCode(page.getByLabel('Code', { exact: true }), sandbox.otpCode)
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeVisible()
})

test('adds a passkey, signs out, and signs in with it', async ({ page, guard }) => {
  await page.goto('/')
  await page.getByLabel('Email').fill('grace@example.com')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await guard.typeCode(page.getByLabel('Code', { exact: true }), sandbox.otpCode)
  // The page's virtual authenticator (the `authenticator` fixture) answers without a prompt.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('Passkey added.')).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()

  await page.getByRole('button', { name: /^Passkey/ }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText('You are signed in.')).toBeVisible()
})

test('shows the session ending when its time is up on the service', async ({ page, guard }) => {
  await page.goto('/')
  await page.getByLabel('Email').fill('joan@example.com')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await guard.typeCode(page.getByLabel('Code', { exact: true }), sandbox.otpCode)
  await expect(page.getByText('You are signed in.')).toBeVisible()

  // The sandbox's sessions last 15 minutes: move its clock instead of waiting.
  sandbox.clock.advance(16 * 60_000)
  // The next signed action finds the session over.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  const signIn = page.locator('wallet-sign-in')
  await expect(signIn.getByText('Your session ended. Sign in again to continue.')).toBeVisible()
  await expect(signIn.getByRole('button', { name: 'Email me a code' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeHidden()
})
