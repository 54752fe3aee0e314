// <wallet-oauth-button> in Chromium against the real relay and sandbox: an OAuth credential added
// while signed in by email, then a sign-in with it (a sandbox ID token carrying the sign-in's
// nonce), by keyboard; the waiting state announced; a refused token shown where the user acted.
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import {
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signUpWithClient,
} from './elementKit.js'
import { record, withOauthCredential } from './signInKit.js'

describe('<wallet-oauth-button>', () => {
  it('signs in by keyboard, names the provider, and says it waits while the provider answers', async () => {
    const customer = await signUpWithClient()
    const { oauth, getIdToken } = await withOauthCredential(customer)
    let release: () => void = () => {}
    const providerOpen = new Promise<void>((resolve) => (release = resolve))
    const nonces: string[] = []
    const button = mount('wallet-oauth-button', {
      client: customer.wallet,
      credentialId: oauth.id,
      accountId: customer.accountId,
      provider: 'Google',
      getIdToken: async (nonce) => {
        nonces.push(nonce)
        await providerOpen
        return getIdToken(nonce)
      },
    })
    const signedIn = record(button, 'wallet-signed-in')
    const control = page.getByRole('button', { name: 'Sign in with Google' })
    await expect.element(control).toBeVisible()
    await userEvent.keyboard('{Tab}')
    expect(shadowOf(button).activeElement?.textContent).toBe('Sign in with Google')
    await userEvent.keyboard('{Enter}')

    // While the provider is open: disabled, busy, and the wait announced politely.
    const status = shadowOf(button).querySelector('[role="status"]')
    await expect.poll(() => status?.textContent).toBe('Waiting for the provider…')
    await expect.element(control).toBeDisabled()
    expect(button.getAttribute('aria-busy')).toBe('true')
    release()

    await expect.poll(() => signedIn.length).toBe(1)
    expect(signedIn[0]?.session).toMatchObject({ type: 'OAUTH', credentialId: oauth.id })
    expect(nonces).toHaveLength(1)
    expect((await customer.wallet.sessions.current())?.credentialId).toBe(oauth.id)
    expect(status?.textContent).toBe('')
    await expect.element(control).toBeEnabled()
    expect(button.hasAttribute('aria-busy')).toBe(false)
    await expectAccessible(button)
    await expectFitsPhone(button)
  })

  it('asks the provider inside the click, before anything is awaited, so that its pop-up is not blocked', async () => {
    const customer = await signUpWithClient()
    const { oauth, getIdToken } = await withOauthCredential(customer)
    const nonces: string[] = []
    // Counts the sign-ins the client made ready (the key and nonce, before any click).
    const { prepare } = customer.wallet.oauth
    let prepared = 0
    customer.wallet.oauth.prepare = async (...args) => {
      const ready = await prepare(...args)
      prepared++
      return ready
    }
    const button = mount('wallet-oauth-button', {
      client: customer.wallet,
      credentialId: oauth.id,
      accountId: customer.accountId,
      getIdToken: (nonce) => {
        nonces.push(nonce)
        return getIdToken(nonce)
      },
    })
    const signedIn = record(button, 'wallet-signed-in')
    await expect.poll(() => prepared).toBe(1)
    shadowOf(button).querySelector('button')?.click()
    expect(nonces).toHaveLength(1)
    // The provider was asked synchronously inside the click's dispatch: no await came first.
    await expect.poll(() => signedIn.length).toBe(1)
    expect(signedIn[0]?.session).toMatchObject({ type: 'OAUTH', credentialId: oauth.id })
  })

  it('shows a refused token as a sentence with its code, focused, and fires wallet-error', async () => {
    const customer = await signUpWithClient()
    const { oauth, getIdToken } = await withOauthCredential(customer)
    const button = mount('wallet-oauth-button', {
      client: customer.wallet,
      credentialId: oauth.id,
      accountId: customer.accountId,
      // A token for another sign-in (not this one's nonce): refused before it is sent.
      getIdToken: () => getIdToken('another-sign-in'),
    })
    const errors = record(button, 'wallet-error')
    await expect.element(page.getByRole('button', { name: 'Sign in with your provider' })).toBeVisible()
    shadowOf(button).querySelector('button')?.click()
    await expect.poll(() => errors.map((detail) => detail.error.code)).toEqual(['OIDC_NONCE_MISMATCH'])
    const alert = shadowOf(button).querySelector<HTMLElement>('[role="alert"]')
    expect(alert?.textContent).toBe('The provider answered for another sign-in. Please try again.')
    expect(errorCodeOf(button)).toBe('Reference for support: OIDC_NONCE_MISMATCH')
    expect(shadowOf(button).activeElement).toBe(alert)
    expect(await customer.wallet.sessions.current()).toBeUndefined()
    await expectAccessible(button)
    await expectFitsPhone(button)
  })

  it('comes back quietly when the user closes the provider (no token): wallet-cancelled', async () => {
    const customer = await signUpWithClient()
    const { oauth } = await withOauthCredential(customer)
    const button = mount('wallet-oauth-button', {
      client: customer.wallet,
      credentialId: oauth.id,
      accountId: customer.accountId,
      getIdToken: async () => undefined,
    })
    const cancelled = record(button, 'wallet-cancelled')
    const errors = record(button, 'wallet-error')
    const control = shadowOf(button).querySelector('button')
    control?.focus()
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => cancelled.map((detail) => detail.error.code)).toEqual(['OAUTH_CANCELLED'])
    expect(errors).toEqual([])
    expect(shadowOf(button).querySelector('[role="alert"]')?.textContent).toBe('')
    expect(shadowOf(button).querySelector('[role="status"]')?.textContent).toBe('')
    expect(control?.disabled).toBe(false)
    expect(shadowOf(button).activeElement).toBe(control)
    expect(await customer.wallet.sessions.current()).toBeUndefined()
  })
})
