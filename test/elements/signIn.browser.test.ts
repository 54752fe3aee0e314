// <wallet-sign-in> in Chromium against the real relay and sandbox (code 000000): keyboard-only
// email sign-in, choosing between methods and back, OAuth, a passkey in one click from the list (or
// cancelled, or unable to run), and following the session (signed out here, in another tab, expired) with the sentence
// announced and focus on the heading.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import type { WalletOtpForm } from '../../src/elements/walletOtpForm.js'
import type { WalletSignIn } from '../../src/elements/walletSignIn.js'
import { WalletAuthError } from '../../src/errors.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'
import {
  advanceSandboxClock,
  customerWithPasskey,
  type ElementCustomer,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'
import { clientOf, openTabFor, record, tabCall, withOauthCredential } from './signInKit.js'

afterEach(async () => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  await commands.closeTabs(true)
})
afterAll(async () => {
  await commands.closeTabs()
})

function parts(signIn: WalletSignIn) {
  const root = shadowOf(signIn)
  return {
    root,
    heading: root.querySelector<HTMLElement>('h2'),
    status: root.querySelector<HTMLElement>('[role="status"]'),
    methods: [...root.querySelectorAll<HTMLButtonElement>('[part="method"]')],
    back: root.querySelector<HTMLButtonElement>('[part="back"]'),
    child: (tag: string) => root.querySelector(tag),
  }
}

/** The element the focus is on, inside shadow roots. */
function focused(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

const emailMethod = (customer: ElementCustomer) => ({
  id: customer.emailCredentialId,
  type: 'EMAIL_OTP' as const,
  nickname: 'katherine@example.com',
})
// A passkey the account lists (never used here: only its place among the methods counts).
const passkeyMethod = {
  id: 'AuthMethod:passkey-1',
  type: 'PASSKEY' as const,
  credentialId: 'AAAA',
  nickname: 'MacBook',
}

/** A sign-in element for `customer`, already signed in (by the client, outside it). */
async function signedInElement(customer: ElementCustomer) {
  await signInByEmail(customer)
  const signIn = mount('wallet-sign-in', {
    client: customer.wallet,
    accountId: customer.accountId,
    methods: [emailMethod(customer), passkeyMethod],
  })
  await expect.poll(() => signIn.view).toBe('signed-in')
  return signIn
}

describe('<wallet-sign-in>', () => {
  it('signs in with the email code by keyboard only, then shows one line, focused', async () => {
    const customer = await signUpWithClient()
    const signIn = mount('wallet-sign-in', {
      client: customer.wallet,
      accountId: customer.accountId,
      methods: [emailMethod(customer), passkeyMethod],
    })
    const signedIn = record(signIn, 'wallet-signed-in')
    await expect.element(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect.element(page.getByRole('group', { name: 'Choose how to sign in.' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Email code katherine@example.com' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Passkey MacBook' })).toBeVisible()
    await expectAccessible(signIn)
    await expectFitsPhone(signIn)

    await userEvent.keyboard('{Tab}')
    expect(focused()?.textContent).toBe('Email code katherine@example.com')
    // Choosing the email method asks for the code: focus lands in the code field.
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => focused()?.localName).toBe('input')
    await expect.element(page.getByRole('button', { name: 'Use another way to sign in' })).toBeVisible()
    await expectAccessible(signIn)
    await expectFitsPhone(signIn)
    await userEvent.keyboard('000000')

    await expect.poll(() => signedIn.length).toBe(1)
    expect(signedIn[0]?.session.credentialId).toBe(customer.emailCredentialId)
    await expect.poll(() => signIn.view).toBe('signed-in')
    const { status, heading } = parts(signIn)
    expect(status?.textContent).toBe('You are signed in.')
    expect(heading?.checkVisibility()).toBe(false)
    expect(parts(signIn).child('wallet-otp-form')).toBeNull()
    expect(focused()).toBe(status)
    await expectAccessible(signIn)
  })

  it('goes from one method to another and back to the list, and signs in with OAuth', async () => {
    const customer = await signUpWithClient()
    const { oauth, methods, mint } = await withOauthCredential(customer)
    // Past the back-off of the code sent while adding the OAuth identity.
    await advanceSandboxClock(31_000)
    const signIn = mount('wallet-sign-in', {
      client: customer.wallet,
      accountId: customer.accountId,
      methods,
      provider: 'Google',
      // Dated on the sandbox's clock as the client last saw it (before the move).
      getIdToken: (nonce) => mint(nonce, 31_000),
    })
    const codesSent = record(signIn, 'wallet-code-sent')
    const signedIn = record(signIn, 'wallet-signed-in')
    const names = parts(signIn).methods.map((button) => button.textContent)
    expect(names).toEqual([expect.stringMatching(/^Email code /), 'Sign in with Google ada@gmail.com'])

    parts(signIn).methods[0]?.click()
    await expect.poll(() => codesSent.length).toBe(1)
    const form = parts(signIn).child('wallet-otp-form')
    expect(form).not.toBeNull()
    // The same methods again, in a new array (as a framework re-renders): the form stays.
    signIn.methods = methods.map((method) => ({ ...method }))
    expect(parts(signIn).child('wallet-otp-form')).toBe(form)
    parts(signIn).back?.focus()
    await userEvent.keyboard('{Enter}')
    // Back on the list, focus on the method the user left.
    expect(signIn.view).toBe('list')
    expect(focused()).toBe(parts(signIn).methods[0])

    await userEvent.keyboard('{Tab}')
    expect(focused()).toBe(parts(signIn).methods[1])
    await userEvent.keyboard('{Enter}')
    const button = parts(signIn).child('wallet-oauth-button')
    expect(button).not.toBeNull()
    expect(focused()?.textContent).toBe('Sign in with Google')
    await expectAccessible(signIn)
    await expectFitsPhone(signIn)
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => signedIn.length).toBe(1)
    expect(signedIn[0]?.session.credentialId).toBe(oauth.id)
    await expect.poll(() => signIn.view).toBe('signed-in')
  })

  it('shows the one method there is without a list, with its strings', async () => {
    const customer = await signUpWithClient()
    const signIn = mount('wallet-sign-in', {
      client: customer.wallet,
      accountId: customer.accountId,
      methods: [emailMethod(customer)],
    })
    expect(parts(signIn).methods).toEqual([])
    expect(parts(signIn).back).toBeNull()
    await expect.element(page.getByRole('button', { name: 'Email me a code' })).toBeVisible()
    await expectAccessible(signIn)
    // Its strings reach the method's element too.
    signIn.messages = { signInHeading: 'Log in', otpSendEmail: 'Send the code' }
    await expect.element(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Send the code' })).toBeVisible()
  })

  it('hands a new client to the method on screen: the sign-in goes through it', async () => {
    const customer = await signUpWithClient()
    const signIn = mount('wallet-sign-in', {
      client: customer.wallet,
      accountId: customer.accountId,
      methods: [emailMethod(customer)],
    })
    const signedIn = record(signIn, 'wallet-signed-in')
    const form = parts(signIn).child('wallet-otp-form') as WalletOtpForm | null
    expect(form?.client).toBe(customer.wallet)
    // The app replaces its client (another session-key mode, say) and disposes of the old one.
    const next = clientOf(customer, { databaseName: customer.databaseName })
    customer.wallet.dispose()
    signIn.client = next
    expect(form?.client).toBe(next)
    shadowOf(form as Element)
      .querySelector('button')
      ?.click()
    await expect.poll(() => shadowOf(form as Element).activeElement?.id).toBe('code')
    await userEvent.keyboard('000000')
    await expect.poll(() => signIn.view).toBe('signed-in')
    expect(signedIn).toHaveLength(1)
    expect((await next.sessions.current())?.credentialId).toBe(customer.emailCredentialId)
  })

  it("leaves its heading out with no-heading, and takes the app's own from the heading slot", async () => {
    const customer = await signUpWithClient()
    const signIn = mount('wallet-sign-in', {
      client: customer.wallet,
      accountId: customer.accountId,
      methods: [emailMethod(customer), passkeyMethod],
    })
    signIn.setAttribute('no-heading', '')
    expect(signIn.noHeading).toBe(true)
    expect(page.getByRole('heading').query()).toBeNull()
    expect(parts(signIn).root.querySelector('section')?.hasAttribute('aria-labelledby')).toBe(false)
    await expectAccessible(signIn)

    signIn.noHeading = false
    const own = document.createElement('h3')
    own.slot = 'heading'
    own.textContent = 'Welcome back'
    signIn.append(own)
    await expect.element(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).query()).toBeNull()
    await expectAccessible(signIn)
  })

  it('puts focus on its sentence when the session ends and it has no heading of its own', async () => {
    const customer = await signUpWithClient()
    const signIn = await signedInElement(customer)
    signIn.noHeading = true
    await customer.wallet.signOut()
    await expect.poll(() => signIn.view).toBe('list')
    expect(parts(signIn).heading).toBeNull()
    expect(focused()).toBe(parts(signIn).status)
    expect(parts(signIn).status?.textContent).toBe(
      'You signed out. The session key was removed from this browser.',
    )
  })

  it('signs in with a passkey in one click on it in the list; a closed passkey dialog leaves the list as it was', async () => {
    const removeAuthenticator = await addVirtualAuthenticator()
    try {
      const customer = await customerWithPasskey()
      const signIn = mount('wallet-sign-in', {
        client: customer.wallet,
        accountId: customer.accountId,
        methods: [
          emailMethod(customer),
          { id: customer.passkey.id, type: 'PASSKEY' as const, nickname: 'Chromium' },
        ],
      })
      const signedIn = record(signIn, 'wallet-signed-in')
      // Among the methods, named as they are: its own button, its challenge fetched ahead.
      const passkey = page.getByRole('button', { name: 'Passkey Chromium' })
      await expect.element(passkey).toBeEnabled()
      expect(parts(signIn).methods.map((method) => method.dataset.id)).toEqual([
        customer.emailCredentialId,
        customer.passkey.id,
      ])
      await expectAccessible(signIn)
      await expectFitsPhone(signIn)

      // One click, no second "Sign in with a passkey".
      await userEvent.click(passkey)
      await expect.poll(() => signedIn.length, { timeout: 10_000 }).toBe(1)
      expect(signedIn[0]?.session).toMatchObject({ type: 'PASSKEY', credentialId: customer.passkey.id })
      await expect.poll(() => signIn.view).toBe('signed-in')
    } finally {
      await removeAuthenticator()
    }
  })

  it('keeps the list when the passkey dialog is closed, and drops the passkey that cannot run here', async () => {
    const customer = await signUpWithClient()
    const signIn = mount('wallet-sign-in', {
      client: customer.wallet,
      accountId: customer.accountId,
      methods: [passkeyMethod, emailMethod(customer)],
    })
    const error = new WalletAuthError('PASSKEY_CANCELLED', 'closed')

    // Cancelled (the passkey button's own event): the list stays as it was, nothing said.
    const button = parts(signIn).child('wallet-passkey-button')
    expect(button).not.toBeNull()
    button?.dispatchEvent(new CustomEvent('wallet-cancelled', { detail: { error }, bubbles: true }))
    expect(signIn.view).toBe('list')
    expect(parts(signIn).methods).toHaveLength(2)
    expect(parts(signIn).status?.textContent).toBe('')

    // Unavailable (no WebAuthn): the passkey leaves the list, and the element says why.
    parts(signIn)
      .child('wallet-passkey-button')
      ?.dispatchEvent(new CustomEvent('wallet-unavailable', { detail: { error }, bubbles: true }))
    // With one method left, it is shown at once.
    expect(parts(signIn).methods).toEqual([])
    expect(parts(signIn).child('wallet-otp-form')).not.toBeNull()
    expect(parts(signIn).status?.textContent).toBe(
      'This browser cannot use passkeys. Use another way to sign in.',
    )
    await expectAccessible(signIn)
  })

  it('drops the passkey when this browser has no WebAuthn (the real passkey button says so)', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    const customer = await signUpWithClient()
    const signIn = mount('wallet-sign-in', { client: customer.wallet, accountId: customer.accountId })
    const unavailable: string[] = []
    signIn.addEventListener('wallet-unavailable', (event) =>
      unavailable.push((event as CustomEvent<{ error: WalletAuthError }>).detail.error.code),
    )
    // The passkey's own button, in the list at once, finds no WebAuthn as soon as it is drawn.
    signIn.methods = [
      passkeyMethod,
      emailMethod(customer),
      { ...emailMethod(customer), id: 'AuthMethod:email-2' },
    ]
    await expect.poll(() => unavailable).toEqual(['PASSKEY_NOT_SUPPORTED'])
    expect(signIn.view).toBe('list')
    expect(parts(signIn).methods.map((button) => button.dataset.id)).toEqual([
      customer.emailCredentialId,
      'AuthMethod:email-2',
    ])
    // Said, and the focus left where it was: the person did nothing here yet.
    expect(parts(signIn).status?.textContent).toBe(
      'This browser cannot use passkeys. Use another way to sign in.',
    )
    expect(signIn.matches(':focus-within')).toBe(false)
  })

  it('comes back with a sentence when the session is signed out in another tab', async () => {
    const customer = await signUpWithClient()
    const other = await openTabFor(customer)
    const signIn = await signedInElement(customer)
    const status = mount('wallet-session-status', { client: customer.wallet })
    await expect
      .poll(() => shadowOf(status).querySelector('[part="countdown"]')?.textContent)
      .toMatch(/ends in/)
    const ended = record(signIn, 'wallet-session-ended')
    const statusEnded = record(status, 'wallet-session-ended')
    expect(await tabCall(other, 'signOut')).toMatchObject({ ok: true })

    await expect.poll(() => ended).toEqual([{ reason: 'signed-out-elsewhere' }])
    const { heading, status: sentence, methods } = parts(signIn)
    expect(sentence?.textContent).toBe('You signed out in another tab or window. Sign in again to continue.')
    expect(focused()).toBe(heading)
    expect(heading?.checkVisibility()).toBe(true)
    expect(methods).toHaveLength(2)
    await expect.poll(() => statusEnded).toEqual([{ reason: 'signed-out-elsewhere' }])
    expect(shadowOf(status).querySelector('[role="status"]')?.textContent).toBe(
      'You signed out in another tab or window. Sign in again to continue.',
    )
    await expectAccessible(signIn)
    await expectFitsPhone(signIn)
  })

  it('comes back with its own sentence after a sign-out here', async () => {
    const customer = await signUpWithClient()
    const signIn = await signedInElement(customer)
    const ended = record(signIn, 'wallet-session-ended')
    await customer.wallet.signOut()
    await expect.poll(() => ended).toEqual([{ reason: 'signed-out' }])
    expect(parts(signIn).status?.textContent).toBe(
      'You signed out. The session key was removed from this browser.',
    )
    expect(focused()).toBe(parts(signIn).heading)
    // Drawn again with other methods, it still says why.
    signIn.methods = [emailMethod(customer)]
    expect(parts(signIn).status?.textContent).toBe(
      'You signed out. The session key was removed from this browser.',
    )
  })

  it('catches up with a session that ended while it was out of the page', async () => {
    const customer = await signUpWithClient()
    const signIn = await signedInElement(customer)
    signIn.remove()
    await customer.wallet.signOut()
    document.body.append(signIn)
    await expect.poll(() => signIn.view).toBe('list')
    expect(parts(signIn).methods).toHaveLength(2)
    expect(parts(signIn).status?.textContent).toBe('')
  })

  it('comes back when the session expires (the page clock moved)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const customer = await signUpWithClient()
    const signIn = await signedInElement(customer)
    const ended = record(signIn, 'wallet-session-ended')
    vi.advanceTimersByTime(16 * 60_000)
    await expect.poll(() => ended).toEqual([{ reason: 'expired' }])
    expect(parts(signIn).status?.textContent).toBe('Your session ended. Sign in again to continue.')
    expect(focused()).toBe(parts(signIn).heading)
    expect(signIn.view).toBe('list')
  })
})
