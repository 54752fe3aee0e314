// The elements with a signer-mode client (`mode: 'signer'`), in Chromium against the real relay and
// sandbox: what each element does itself. The page never holds a code field, a confirmation panel
// or a phrase; it says where the person acts (the wallet window) and shows how the signer's flow
// ended. The signer's frame is stood in for by signerStandIn.ts; the real one, on its own origin,
// is driven by examples/sign-in-app/sign-in.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { WalletElementEventMap } from '../../src/elements/events.js'
import { WalletAuthError } from '../../src/errors.js'
import { confirmPanel } from './confirmKit.js'
import {
  advanceSandboxClock,
  type ElementCustomer,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'
import { listen as listenReveal, reachableByScript } from './exportRevealKit.js'
import { fundedCustomer, quoteTo, SCA_CODE } from './paymentKit.js'
import { type SignerStandIn, signerStandIn } from './signerStandIn.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const alert = (element: Element) => shadowOf(element).querySelector('[role="alert"]')
const focused = (element: Element) => shadowOf(element).activeElement

/** The codes of the element's `wallet-error` and `wallet-cancelled` events, and its sign-ins. */
function heard(element: Element) {
  const events = { errors: [] as string[], cancelled: [] as string[], signedIn: [] as unknown[] }
  const on = <K extends 'wallet-error' | 'wallet-cancelled' | 'wallet-signed-in'>(
    type: K,
    listener: (detail: WalletElementEventMap[K]['detail']) => void,
  ) => element.addEventListener(type, (event) => listener((event as WalletElementEventMap[K]).detail))
  on('wallet-error', ({ error }) => events.errors.push(error.code))
  on('wallet-cancelled', ({ error }) => events.cancelled.push(error.code))
  on('wallet-signed-in', ({ session }) => events.signedIn.push(session))
  return events
}

async function signerCustomer(): Promise<ElementCustomer & { signer: SignerStandIn }> {
  const customer = await signUpWithClient()
  return { ...customer, signer: signerStandIn(customer.wallet) }
}

/** A signed-in signer-mode customer whose phone number is set (an SMS add binds it). */
async function withPhone() {
  const customer = await signerCustomer()
  await signInByEmail(customer)
  const phoneNumber = `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  await customer.wallet.customers.updateContact(customer.customerId, { phoneNumber }, { confirm: () => true })
  return { ...customer, phoneNumber }
}

const methods = (signer: SignerStandIn) => signer.calls.map((call) => call.method)

describe('<wallet-otp-form> in signer mode', () => {
  it('sends, has no code field of its own, says the code is typed in the wallet window, and signs in there (keyboard, names, axe, 390 px)', async () => {
    const { signer, emailCredentialId } = await signerCustomer()
    const form = mount('wallet-otp-form', { client: signer.client, credentialId: emailCredentialId })
    const events = heard(form)
    await userEvent.tab()
    expect(focused(form)?.textContent).toBe('Email me a code')
    await userEvent.keyboard('{Enter}')

    const box = await signer.question()
    expect(box.kind).toBe('code')
    // No code ever goes through the page: verify is asked with the credential alone.
    expect(signer.calls.find((call) => call.method === 'emailOtp.verify')?.args).toEqual([emailCredentialId])
    expect(shadowOf(form).querySelector('input')).toBeNull()
    expect(status(form)?.textContent).toBe(
      'We sent a 6-digit code to your email. Type it in the wallet window that opens over this page.',
    )
    expect(status(form)?.getAttribute('aria-live')).toBe('polite')
    expect(form.getAttribute('aria-busy')).toBe('true')
    await expectAccessible(form)
    await expectFitsPhone(form)

    await box.answer('000000')
    await expect.poll(() => status(form)?.textContent).toBe('You are signed in.')
    expect(events.signedIn).toHaveLength(1)
    // The session as the page sees it in signer mode: no key pair.
    expect(events.signedIn[0]).not.toHaveProperty('key.keyPair')
    expect(events.errors).toEqual([])
    expect(methods(signer)).toEqual(['emailOtp.send', 'emailOtp.verify'])
  })

  it('says so quietly when the person closes the code box, opens it again by keyboard for the same code, and signs in', async () => {
    const { signer, emailCredentialId } = await signerCustomer()
    const form = mount('wallet-otp-form', { client: signer.client, credentialId: emailCredentialId })
    const events = heard(form)
    await form.start()
    ;(await signer.question()).close()

    await expect
      .poll(() => status(form)?.textContent)
      .toBe(
        'The wallet window was closed before the code was typed. Open it again to type the code, or send a new code.',
      )
    expect(events.cancelled).toEqual(['CONFIRMATION_DECLINED'])
    expect(events.errors).toEqual([])
    // Focus where the person goes on: the button that opens the box again.
    expect(focused(form)?.textContent).toBe('Type the code')
    await expect.element(page.getByRole('button', { name: 'Type the code' })).toBeEnabled()
    await expect.element(page.getByRole('button', { name: /^Send a new code/ })).toBeVisible()
    await expectAccessible(form)
    await expectFitsPhone(form)

    await userEvent.keyboard('{Enter}')
    await (await signer.question()).answer('000000')
    await expect.poll(() => status(form)?.textContent).toBe('You are signed in.')
    // One code sent: the box opened again for the same one.
    expect(methods(signer)).toEqual(['emailOtp.send', 'emailOtp.verify', 'emailOtp.verify'])
  })

  it('sends a new code from the page after the box was closed, and the box opens for it', async () => {
    const { signer, emailCredentialId } = await signerCustomer()
    const form = mount('wallet-otp-form', {
      client: signer.client,
      credentialId: emailCredentialId,
      resendAfterSeconds: 0,
    })
    await form.start()
    ;(await signer.question()).close()
    // The service sends a new code no sooner than 30 s after the last.
    await advanceSandboxClock(30_000)
    const resend = page.getByRole('button', { name: 'Send a new code' })
    await expect.element(resend).toBeEnabled()
    await resend.click()
    const box = await signer.question()
    expect(methods(signer)).toEqual(['emailOtp.send', 'emailOtp.verify', 'emailOtp.send', 'emailOtp.verify'])
    await box.answer('000000')
    await expect.poll(() => status(form)?.textContent).toBe('You are signed in.')
  })

  it("shows a failure of the signer's flow where the person acted, with its code", async () => {
    const { signer, emailCredentialId } = await signerCustomer()
    signer.client.emailOtp.verify = () =>
      Promise.reject(new WalletAuthError('SIGNER_UNAVAILABLE', 'The wallet window did not open.'))
    const form = mount('wallet-otp-form', { client: signer.client, credentialId: emailCredentialId })
    const events = heard(form)
    await form.start()
    await expect.poll(() => events.errors).toEqual(['SIGNER_UNAVAILABLE'])
    expect(alert(form)?.textContent).toBe(
      'The wallet window could not be opened. Reload the page and try again.',
    )
    expect(errorCodeOf(form)).toBe('Reference for support: SIGNER_UNAVAILABLE')
    expect(focused(form)).toBe(alert(form))
    await expect.element(page.getByRole('button', { name: 'Type the code' })).toBeEnabled()
  })

  it("adds a text-message sign-in without drawing a confirmation of its own: the signer asks, the page's add carries no confirm", async () => {
    const { signer, accountId, phoneNumber } = await withPhone()
    const form = mount('wallet-otp-form', {
      client: signer.client,
      channel: 'sms',
      adding: true,
      accountId,
      contact: phoneNumber,
    })
    await page.getByRole('button', { name: `Text a code to ${phoneNumber}` }).click()
    const question = await signer.question()
    expect(question.kind).toBe('confirm')
    expect(JSON.stringify(question.description)).toContain(phoneNumber)
    expect(confirmPanel(form)).toBeNull()
    expect(signer.calls.find((call) => call.method === 'smsOtp.add')?.args).toEqual([
      accountId,
      { contact: phoneNumber },
    ])
    await question.answer()
    const box = await signer.question()
    expect(box.kind).toBe('code')
    expect(shadowOf(form).querySelector('input')).toBeNull()
    await box.answer('000000')
    await expect.poll(() => status(form)?.textContent).toBe('You are signed in.')
  })

  it("takes the signer's refusal of the add as a quiet cancel: nothing signed", async () => {
    const { signer, accountId, phoneNumber } = await withPhone()
    const form = mount('wallet-otp-form', {
      client: signer.client,
      channel: 'sms',
      adding: true,
      accountId,
      contact: phoneNumber,
    })
    const events = heard(form)
    // Resolves once the signer's question is answered.
    const started = form.start()
    ;(await signer.question()).close()
    await expect.poll(() => events.cancelled).toEqual(['CONFIRMATION_DECLINED'])
    await started
    expect(status(form)?.textContent).toBe('Cancelled. Nothing was signed.')
    expect(confirmPanel(form)).toBeNull()
    expect(methods(signer)).toEqual(['smsOtp.add'])
  })
})

describe('<wallet-sign-in> in signer mode', () => {
  it('signs in by email in one choice: the code typed in the wallet window, then one line', async () => {
    const { signer, accountId, emailCredentialId } = await signerCustomer()
    const signIn = mount('wallet-sign-in', {
      client: signer.client,
      accountId,
      methods: [
        { id: emailCredentialId, type: 'EMAIL_OTP' },
        { id: 'AuthMethod:other', type: 'PASSKEY', credentialId: 'abc' },
      ],
    })
    const events = heard(signIn)
    await page.getByRole('button', { name: 'Email code' }).click()
    await (await signer.question()).answer('000000')
    await expect.element(page.getByText('You are signed in.')).toBeVisible()
    expect(signIn.view).toBe('signed-in')
    expect(events.signedIn).toHaveLength(1)
    await expectAccessible(signIn)
  })
})

describe('<wallet-export-reveal> in signer mode', () => {
  it('starts the export at once (the signer asks), says the phrase is in the wallet window, never holds it, and says it was hidden', async () => {
    const customer = await signerCustomer()
    const { signer } = customer
    await signInByEmail(customer)
    const reveal = mount('wallet-export-reveal', { client: signer.client })
    const events = listenReveal(reveal)
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')

    // No inline "Show it?" of its own: one confirmation, the signer's.
    const question = await signer.question()
    expect(question.kind).toBe('confirm')
    expect(shadowOf(reveal).querySelector('[part~="confirm"]')).toBeNull()
    expect(confirmPanel(reveal)).toBeNull()
    expect(status(reveal)?.textContent).toBe(
      'Confirm in the wallet window that opens over this page: the recovery phrase is shown there, never on this page.',
    )
    await expectAccessible(reveal)
    await expectFitsPhone(reveal)
    await question.answer()

    const phrase = await signer.question()
    expect(phrase.kind).toBe('phrase')
    expect(reachableByScript(reveal)).not.toMatch(/\b[a-z]+( [a-z]+){11}\b/)
    expect(shadowOf(reveal).querySelector('[part~="phrase-box"]')).toBeNull()
    expect(events).toEqual([])
    await phrase.answer()

    await expect
      .poll(() => status(reveal)?.textContent)
      .toBe('Recovery phrase hidden. It was shown in the wallet window only.')
    expect(events).toEqual(['wallet-revealed', 'wallet-hidden'])
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
    expect(signer.calls.find((call) => call.method === 'exportWallet')?.args).toEqual([customer.accountId])
  })

  it('says nothing was signed when the person cancels in the wallet window', async () => {
    const customer = await signerCustomer()
    await signInByEmail(customer)
    const reveal = mount('wallet-export-reveal', { client: customer.signer.client })
    const events = listenReveal(reveal)
    await page.getByRole('button', { name: 'Show recovery phrase' }).click()
    ;(await customer.signer.question()).close()
    await expect.poll(() => status(reveal)?.textContent).toBe('Cancelled. Nothing was signed.')
    expect(events).toEqual(['cancelled:CONFIRMATION_DECLINED'])
  })
})

describe('<wallet-sca-step> in signer mode', () => {
  it('pays with no confirmation panel of its own (the signer asks), the SCA code still typed in the page', async () => {
    const customer = await fundedCustomer()
    const signer = signerStandIn(customer.wallet)
    const step = mount('wallet-sca-step', { client: signer.client, quote: await quoteTo(customer) })
    await page.getByRole('button', { name: 'Pay 10.00 USDB' }).click()
    const question = await signer.question()
    expect(question.kind).toBe('confirm')
    expect(confirmPanel(step)).toBeNull()
    // The page says where the payment is read and confirmed while the signer asks.
    expect(status(step)?.textContent).toBe(
      'Check the payment in the wallet window that opens over this page, and confirm it there.',
    )
    const [, options] = signer.calls.find((call) => call.method === 'quotes.execute')?.args ?? []
    expect(options).not.toHaveProperty('confirm')
    expect(options).toHaveProperty('onScaChallenge', 'function')
    await question.answer()

    const field = page.getByRole('textbox', { name: 'Confirmation code' })
    await expect.element(field).toBeVisible()
    await userEvent.fill(field, SCA_CODE)
    await expect.poll(() => status(step)?.textContent, { timeout: 15_000 }).toMatch(/^(Paid|Payment sent)/)
    expect(confirmPanel(step)).toBeNull()
  })
})

describe('<wallet-session-status> in signer mode', () => {
  it('counts down the session the signer holds, refreshes and signs out through it', async () => {
    const customer = await signerCustomer()
    const { signer } = customer
    await signInByEmail(customer)
    const sessionStatus = mount('wallet-session-status', { client: signer.client })
    await expect.element(page.getByText(/^Session ends in \d+:\d\d\.$/)).toBeVisible()
    expect(sessionStatus.session).not.toHaveProperty('key.keyPair')
    await page.getByRole('button', { name: 'Stay signed in' }).click()
    await expect.element(page.getByText('You stay signed in.')).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => status(sessionStatus)?.textContent).toMatch(/^You signed out/)
    expect(methods(signer)).toEqual(['sessions.refresh', 'signOut'])
    await expectAccessible(sessionStatus)
  })
})
