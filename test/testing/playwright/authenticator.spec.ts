// The virtual authenticator on the test's page answers a WebAuthn registration with no user.
import { expect, test } from '../../../src/testing/playwright/index.js'
import { ORIGIN, serveApp } from './fixtureTestKit.js'

// Registers a passkey for localhost: what a sign-up page's `navigator.credentials.create` does.
const register = () =>
  navigator.credentials
    .create({
      publicKey: {
        rp: { id: 'localhost', name: 'Example' },
        user: { id: new Uint8Array(16), name: 'ada@example.com', displayName: 'Ada' },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
    })
    .then((credential) => ({
      type: credential?.type,
      attachment: (credential as PublicKeyCredential | null)?.authenticatorAttachment,
    }))

test('lets navigator.credentials.create succeed on a localhost page, with no prompt', async ({
  page,
  authenticator,
}) => {
  expect(authenticator).toEqual(expect.any(String))
  await serveApp(page, '<p>Sign up</p>')
  await page.goto(`${ORIGIN}/`)
  expect(await page.evaluate(register)).toEqual({ type: 'public-key', attachment: 'platform' })
})

test.describe('with authenticatorOptions', () => {
  test.use({ authenticatorOptions: { isUserVerified: false } })
  test('takes them: a user who fails verification is refused', async ({ page }) => {
    await serveApp(page, '<p>Sign up</p>')
    await page.goto(`${ORIGIN}/`)
    await expect(page.evaluate(register)).rejects.toThrow(/NotAllowedError/)
  })
})
