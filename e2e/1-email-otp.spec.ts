import { addVirtualAuthenticator } from '../src/testing/playwright/index.js'
import {
  codeField,
  expectSignedIn,
  openDemo,
  signInWithEmailCode,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'
import { inspectIndexedDb, walletKeysPlace } from './inspectIndexedDb.js'

const KIT_DATABASE = 'embedded-wallet-auth'
const KIT_STORE = 'session-keys'

test('email OTP sign-in; the key survives a reload and a new page; sign-out empties IndexedDB', async ({
  page,
  context,
  guard,
}) => {
  // The guard reads every request of the context, the signer frame's among them: the code, typed
  // in the frame, leaves in the frame's own request to the relay, which the guard must see.
  const fromSigner: string[] = []
  context.on('request', (request) => {
    if (request.frame().url().endsWith('/signer.html') && request.method() === 'POST') {
      fromSigner.push(new URL(request.url()).pathname)
    }
  })
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)
  // (The verify and its signed retry: the code is sealed to the enclave in both.)
  expect(fromSigner.filter((path) => /^\/api\/wallet\/.+\/verify$/.test(path)).length).toBeGreaterThan(0)
  // Focus follows the step: from the code field to the wallet the sign-in opened.
  await expect(page.locator('#wallet-heading')).toBeFocused()
  await expect(statusOf(page.locator('#wallet'))).toHaveText('Signed in with email code.')
  await expect(page.locator('#stored-in')).toContainText('IndexedDB')
  await expect(page.locator('#session-mode-used')).toContainText('client-held')
  await expect(page.locator('#session-id')).toHaveText(/^Session:/)
  await expect(page.locator('wallet-session-status [part="countdown"]')).toHaveText(
    /^Session ends in \d+:\d\d\.$/,
  )
  const publicKey = (await page.locator('#public-key').textContent()) ?? ''

  // The kit keeps one record, in the signer frame's origin: the session key, under its compressed
  // public key, non-extractable. The page's own origin holds no key at all.
  const keysPlace = walletKeysPlace(page)
  expect(keysPlace, 'the signer frame').not.toBe(page)
  const stored = await inspectIndexedDb(keysPlace)
  expect(stored.databases.find((database) => database.name === KIT_DATABASE)?.stores).toEqual({
    [KIT_STORE]: 1,
  })
  expect(stored.privateKeys).toBe(1)
  expect(stored.extractablePrivateKeys).toEqual([])
  expect((await inspectIndexedDb(page)).privateKeys, 'private keys in the page').toBe(0)

  await page.reload()
  await expectSignedIn(page, email)
  await expect(page.locator('#public-key')).toHaveText(publicKey)

  // Another tab of the same browser profile finds the same session.
  const second = await context.newPage()
  await addVirtualAuthenticator(second)
  await page.bringToFront()
  await second.goto('/')
  await expectSignedIn(second, email)
  await expect(second.locator('#public-key')).toHaveText(publicKey)
  await second.close()

  await signOut(page)
  const after = await inspectIndexedDb(walletKeysPlace(page))
  const kitStores = after.databases.find((database) => database.name === KIT_DATABASE)?.stores ?? {}
  expect(kitStores[KIT_STORE] ?? 0, 'session records left after sign-out').toBe(0)
  expect(after.privateKeys, 'private keys left in IndexedDB after sign-out').toBe(0)

  // And a reload stays signed out: nothing to find, the same user's methods offered again.
  await page.reload()
  await expect(page.locator('#sign-in')).toBeVisible()
  await expect(page.locator('#wallet')).toBeHidden()
  await expect(page.locator('wallet-sign-in').getByRole('button', { name: 'Email me a code' })).toBeVisible()
  await expect(codeField(page.locator('wallet-sign-in'))).toHaveCount(0)
})

test('tab B goes back to the sign-in, with a sentence, when tab A signs out', async ({
  page,
  context,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)

  const tabB = await context.newPage()
  await addVirtualAuthenticator(tabB)
  await tabB.goto('/')
  await expectSignedIn(tabB, email)

  await page.bringToFront()
  await signOut(page)

  // Tab B hears it from tab A (the kit's channel between tabs): no reload, no click.
  await expect(tabB.locator('#sign-in')).toBeVisible()
  await expect(tabB.locator('#wallet')).toBeHidden()
  await expect(tabB.locator('wallet-sign-in [part="status"]').first()).toHaveText(
    'You signed out in another tab or window. Sign in again to continue.',
  )
  await expect(tabB.locator('wallet-sign-in').getByRole('button', { name: 'Email me a code' })).toBeVisible()
  await tabB.close()
})
