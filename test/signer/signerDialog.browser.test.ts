// The signer's one dialog in real Chromium: Confirm answers only the person's click (the gate),
// Cancel and Escape decline, the code box retries after a refused code and hands the code to
// `submit` alone, the phrase leaves the DOM and the clipboard, one question at a time, and each
// state passes axe-core.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { h } from '../../src/elements/dom.js'
import { WalletAuthError } from '../../src/errors.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createSignerDialog } from '../../src/signer/signerDialog.js'
import { expectAccessible } from '../elements/elementKit.js'
import { expectCode } from '../helpers/expectCode.js'
import { place, pointTo, testClock, visibility } from './signerKit.js'

beforeAll(async () => {
  await commands.grantClipboard()
})
afterEach(async () => {
  await navigator.clipboard.writeText('')
})

const HOSTILE = '<img src=x onerror="window.__signerMarkup = true">'
const PHRASE = 'abandon ability able about above absent absorb abstract absurd abuse access accident'

/** A dialog in a root of its own, the visibility it asked for, its clock and its parts. */
function opened(options: { clearClipboardAfterMs?: number } = {}) {
  const root = place(h('div'))
  const shown: boolean[] = []
  const clock = testClock()
  const dialog = createSignerDialog({
    root,
    setVisible: (visible) => shown.push(visible),
    now: clock.now,
    ...options,
  })
  const shadow = root.firstElementChild?.shadowRoot as ShadowRoot
  const panel = () => shadow.querySelector<HTMLElement>('[role="dialog"]')
  const button = (name: string) =>
    [...shadow.querySelectorAll('button')].find((node) => node.textContent === name) as HTMLButtonElement
  const field = () => shadow.querySelector('input') as HTMLInputElement
  return { root, shadow, dialog, shown, clock, panel, button, field }
}

/** Settles as `promise` does, and says whether it has yet. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false }
  promise.then(
    () => {
      state.settled = true
    },
    () => {
      state.settled = true
    },
  )
  return state
}

const payment: PayloadDescription = {
  action: 'pay',
  summary: 'Pay 10.50 EUR to $ada@uma.example.',
  payment: {
    sent: { amount: 1050, currency: 'EUR', decimals: 2 },
    received: { amount: 1_000_000, currency: 'USDB', decimals: 6 },
    fees: { amount: 50, currency: 'EUR', decimals: 2 },
    destination: '$ada@uma.example',
  },
}

describe('createSignerDialog: confirm', () => {
  it("answers true only for the person's click on Confirm after the wait; script and early clicks leave it open", async () => {
    const { dialog, shown, clock, panel, button, shadow } = opened()
    const answer = dialog.confirm({ action: 'export', summary: 'Export the recovery phrase.' })
    const state = watch(answer)
    await expect.poll(panel).not.toBeNull()
    expect(shown).toEqual([true])
    const dialogElement = panel() as HTMLElement
    await expect
      .element(page.getByRole('dialog', { name: 'Check this before you confirm' }))
      .toHaveAttribute('aria-modal', 'true')
    expect(shadow.activeElement?.id).toBe('confirm-heading')
    const said = () => dialogElement.querySelector('[aria-live]')?.textContent

    button('Confirm').click()
    button('Confirm').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
    await visibility(dialogElement)
    await pointTo(button('Confirm'), shadow.getElementById('confirm-heading') as HTMLElement)
    await userEvent.click(button('Confirm'))
    expect(state.settled).toBe(false)
    expect(said()).toBe('Hold on a moment, then confirm.')

    clock.advance(500)
    await userEvent.click(button('Confirm'))
    await expect(answer).resolves.toBe(true)
    expect(panel()).toBeNull()
    expect(shown).toEqual([true, false])
  })

  it('says nothing of a click made by script', async () => {
    const { dialog, clock, panel, button } = opened()
    void dialog.confirm({ action: 'export', summary: 'Export.' })
    await expect.poll(panel).not.toBeNull()
    clock.advance(10_000)
    button('Confirm').click()
    expect(panel()?.querySelector('[aria-live]')?.textContent).toBe('')
    await userEvent.keyboard('{Escape}')
  })

  it('answers false on Cancel and on Escape; Tab stays among its buttons', async () => {
    const { dialog, panel, button, shadow, shown } = opened()
    const cancelled = dialog.confirm({ action: 'export', summary: 'Export.' })
    await expect.poll(panel).not.toBeNull()
    await userEvent.click(button('Cancel'))
    await expect(cancelled).resolves.toBe(false)

    const escaped = dialog.confirm({ action: 'export', summary: 'Export.' })
    await expect.poll(panel).not.toBeNull()
    await userEvent.tab()
    expect(shadow.activeElement?.textContent).toBe('Confirm')
    await userEvent.tab()
    expect(shadow.activeElement?.textContent).toBe('Cancel')
    await userEvent.tab()
    expect(shadow.activeElement?.textContent).toBe('Confirm')
    await userEvent.tab({ shift: true })
    expect(shadow.activeElement?.textContent).toBe('Cancel')
    await userEvent.keyboard('{Escape}')
    await expect(escaped).resolves.toBe(false)
    expect(shown).toEqual([true, false, true, false])
  })

  it('confirms from the keyboard once the wait is over', async () => {
    const { dialog, clock, panel } = opened()
    const answer = dialog.confirm({ action: 'export', summary: 'Export.' })
    await expect.poll(panel).not.toBeNull()
    await visibility(panel() as HTMLElement)
    clock.advance(500)
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await expect(answer).resolves.toBe(true)
  })

  it('shows the summary as text, unchecked parts marked, a payment as money; passes axe', async () => {
    const { dialog, panel } = opened()
    void dialog.confirm({
      action: 'add-credential',
      summary: `Add the passkey "${HOSTILE}<U+202E>".`,
      unchecked: [`the passkey name "${HOSTILE}"`],
    })
    await expect.poll(panel).not.toBeNull()
    const text = panel()?.textContent ?? ''
    expect(panel()?.querySelector('img')).toBeNull()
    expect(text).toContain(`Add the passkey "${HOSTILE}<U+202E>".`)
    expect(text).toContain(`Not checked: the passkey name "${HOSTILE}". Make sure it is what you expect.`)
    await expectAccessible(panel() as HTMLElement)
    await userEvent.keyboard('{Escape}')

    void dialog.confirm(payment)
    await expect.poll(panel).not.toBeNull()
    const terms = [...(panel()?.querySelectorAll('dt, dd') ?? [])].map((node) => node.textContent)
    expect(terms).toEqual([
      'You send',
      '€10.50',
      'They receive',
      '1.00 USDB',
      'Fees',
      '€0.50',
      'To',
      '$ada@uma.example',
    ])
    await expectAccessible(panel() as HTMLElement)
    await userEvent.keyboard('{Escape}')
  })

  it('asks one question at a time; the next waits its turn and its own wait starts when it shows', async () => {
    const { dialog, clock, panel, button, shown } = opened()
    const first = dialog.confirm({ action: 'export', summary: 'First.' })
    const second = dialog.confirm({ action: 'export', summary: 'Second.' })
    await expect.poll(panel).not.toBeNull()
    expect(panel()?.textContent).toContain('First.')
    await visibility(panel() as HTMLElement)
    await pointTo(button('Confirm'), button('Cancel'))
    clock.advance(500)
    await userEvent.click(button('Confirm'))
    await expect(first).resolves.toBe(true)
    await expect.poll(() => panel()?.textContent).toContain('Second.')
    // The same click again, on the panel that just opened in its place.
    await userEvent.click(button('Confirm'))
    expect(panel()?.textContent).toContain('Second.')
    await userEvent.click(button('Cancel'))
    await expect(second).resolves.toBe(false)
    expect(shown).toEqual([true, false])
  })
})

describe('createSignerDialog: askCode', () => {
  it('hands the typed code to submit, says a refused code beside the field, and takes the next one', async () => {
    const { dialog, field, panel, shadow, shown } = opened()
    const codes: string[] = []
    const asked = dialog.askCode({
      channel: 'EMAIL_OTP',
      submit: async (code) => {
        codes.push(code)
        if (codes.length === 1) {
          throw new WalletAuthError('UNAUTHORIZED', 'Invalid OTP code', {
            status: 401,
            reason: 'Invalid OTP code',
          })
        }
      },
    })
    await expect.poll(panel).not.toBeNull()
    expect(shadow.activeElement).toBe(field())
    expect(field().autocomplete).toBe('one-time-code')
    expect(field().inputMode).toBe('numeric')
    await expectAccessible(panel() as HTMLElement)
    await userEvent.keyboard('111111')
    await expect.poll(() => field().getAttribute('aria-invalid')).toBe('true')
    const problem = shadow.getElementById('code-error')
    expect(problem?.firstChild?.textContent).toBe(
      'That code is not right. Check it and try again, or send a new code.',
    )
    expect(problem?.querySelector('.code-ref')?.textContent).toBe('Reference for support: UNAUTHORIZED')
    expect(shadow.activeElement).toBe(field())
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, 6])
    await expectAccessible(panel() as HTMLElement)

    await userEvent.keyboard('2')
    expect(field().hasAttribute('aria-invalid')).toBe(false)
    expect(problem?.textContent).toBe('')
    await userEvent.keyboard('22222')
    await expect(asked).resolves.toBeUndefined()
    expect(codes).toEqual(['111111', '222222'])
    expect(shown).toEqual([true, false])
    // Nothing of the box, and so of the code, is left in the document.
    expect(shadow.querySelector('input')).toBeNull()
    expect(document.body.innerHTML).not.toContain('222222')
  })

  it('clears the invalid mark when a new code is asked for, and says it went', async () => {
    const { dialog, field, panel, button } = opened()
    const resend = vi.fn(async () => {})
    const asked = dialog.askCode({
      channel: 'SMS_OTP',
      submit: async () => {
        throw new WalletAuthError('RATE_LIMITED', 'Too many', { status: 429, retryAfter: 30 })
      },
      resend,
    })
    await expect.poll(panel).not.toBeNull()
    await userEvent.keyboard('123456')
    await expect.poll(() => field().getAttribute('aria-invalid')).toBe('true')
    expect(panel()?.textContent).toContain('Too many attempts. Try again in 30 seconds.')
    await userEvent.click(button('Send a new code'))
    expect(resend).toHaveBeenCalledOnce()
    expect(field().hasAttribute('aria-invalid')).toBe(false)
    expect(field().value).toBe('')
    await expect.poll(() => panel()?.textContent).toContain('We sent the code again.')
    await userEvent.keyboard('{Escape}')
    await expectCode(() => asked, 'CONFIRMATION_DECLINED')
  })

  it('rejects CONFIRMATION_DECLINED on Cancel, and never calls submit', async () => {
    const { dialog, panel, button, shown } = opened()
    const submit = vi.fn(async () => {})
    const asked = dialog.askCode({ channel: 'SCA', submit })
    await expect.poll(panel).not.toBeNull()
    await expect.element(page.getByRole('dialog', { name: 'Confirm it is you' })).toBeVisible()
    await userEvent.click(button('Cancel'))
    await expectCode(() => asked, 'CONFIRMATION_DECLINED')
    expect(submit).not.toHaveBeenCalled()
    expect(shown).toEqual([true, false])
  })
})

describe('createSignerDialog: showPhrase', () => {
  it('shows the words numbered; Hide takes them out of the DOM and the accessibility tree', async () => {
    const { dialog, panel, button, shadow, shown } = opened()
    const closed = dialog.showPhrase(PHRASE)
    await expect.poll(panel).not.toBeNull()
    const list = page.getByRole('list', { name: 'Recovery phrase' })
    await expect.element(list).toBeVisible()
    expect([...shadow.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(PHRASE.split(' '))
    expect(shadow.activeElement?.id).toBe('phrase-heading')
    await expectAccessible(panel() as HTMLElement)
    expect((await commands.accessibilityTree()).some((node) => node.name.includes('abandon'))).toBe(true)

    await userEvent.click(button('Hide'))
    await expect(closed).resolves.toBeUndefined()
    expect(shadow.querySelector('ol')).toBeNull()
    expect(document.body.textContent).not.toContain('abandon')
    expect((await commands.accessibilityTree()).some((node) => node.name.includes('abandon'))).toBe(false)
    expect(shown).toEqual([true, false])
  })

  it('takes a copy off the clipboard on Hide', async () => {
    const { dialog, panel, button } = opened()
    const closed = dialog.showPhrase(PHRASE)
    await expect.poll(panel).not.toBeNull()
    await userEvent.click(button('Copy'))
    await expect.poll(() => navigator.clipboard.readText()).toBe(PHRASE)
    await userEvent.keyboard('{Escape}')
    await closed
    expect(await navigator.clipboard.readText()).toBe('')
  })

  it('takes a copy off the clipboard after clearClipboardAfterMs, the phrase still shown', async () => {
    const { dialog, panel, button } = opened({ clearClipboardAfterMs: 200 })
    void dialog.showPhrase(PHRASE)
    await expect.poll(panel).not.toBeNull()
    await userEvent.click(button('Copy'))
    await expect.poll(() => navigator.clipboard.readText()).toBe(PHRASE)
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
    expect(panel()?.textContent).toContain('abandon')
    await userEvent.keyboard('{Escape}')
  })
})
