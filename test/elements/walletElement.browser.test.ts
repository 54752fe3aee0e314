// The base every element shares: errors where the user acted (sentence + code, announced, focus),
// the busy state, and messages replaced per element or for all.
import { describe, expect, it } from 'vitest'
import { h } from '../../src/elements/dom.js'
import { WalletElement } from '../../src/elements/walletElement.js'
import { WalletAuthError } from '../../src/errors.js'
import { expectAccessible, mount, shadowOf, signUpWithClient } from './elementKit.js'

// What a hostile or broken server might put in an error's code, message or reason.
const HOSTILE = '<img src=x onerror="window.__errorMarkup = true">'

declare global {
  interface Window {
    __errorMarkup?: boolean
  }
}

/** The elements inside an error region: only the kit's own code reference, never one from text. */
const madeInside = (alert: Element) => [...alert.querySelectorAll('*')].map((node) => node.localName)
// The code for support: the line after the alert, outside it.
const codeLine = (element: HTMLElement) => shadowOf(element).querySelector<HTMLElement>('[part="error-code"]')

class TestElement extends WalletElement {
  field: HTMLInputElement | undefined
  protected render(): void {
    this.field = h('input', { id: 'field', 'aria-label': 'Code' })
    this.shadow.replaceChildren(this.field, h('button', { type: 'button' }, 'Go'), this.errorBox())
  }
  fail(error: unknown, withField: boolean) {
    return this.showError(error, withField ? this.field : undefined)
  }
  work<T>(step: () => Promise<T>) {
    return this.runBusy(step)
  }
}
customElements.define('test-wallet-element', TestElement)

declare global {
  interface HTMLElementTagNameMap {
    'test-wallet-element': TestElement
  }
}

describe('WalletElement', () => {
  it('shows an error as a sentence, the code apart after it, marks and focuses the field, and fires wallet-error', async () => {
    const element = mount('test-wallet-element')
    const heard: string[] = []
    element.addEventListener('wallet-error', (event) => heard.push(event.detail.error.code))
    element.fail(new WalletAuthError('UNAUTHORIZED', 'x', { status: 401, reason: 'Invalid OTP code' }), true)
    const alert = shadowOf(element).querySelector('[role="alert"]')
    expect(alert?.textContent).toBe('That code is not right. Check it and try again, or send a new code.')
    // Apart from the sentence: announced with it never (outside the alert), read right after it.
    const code = codeLine(element)
    expect(code?.textContent).toBe('Reference for support: UNAUTHORIZED')
    expect(alert?.contains(code ?? null)).toBe(false)
    expect(alert?.nextElementSibling).toBe(code)
    expect(element.field?.getAttribute('aria-invalid')).toBe('true')
    expect(element.field?.getAttribute('aria-describedby')).toBe('error')
    expect(shadowOf(element).activeElement).toBe(element.field)
    expect(heard).toEqual(['UNAUTHORIZED'])
    await expectAccessible(element)
  })

  it('puts the seconds of Retry-After in the sentence, and focuses it when no field is at fault', () => {
    const element = mount('test-wallet-element')
    element.fail(new WalletAuthError('RATE_LIMITED', 'x', { status: 429, retryAfter: 27 }), false)
    const alert = shadowOf(element).querySelector<HTMLElement>('[role="alert"]')
    expect(alert?.textContent).toContain('Try again in 27 seconds.')
    expect(shadowOf(element).activeElement).toBe(alert)
  })

  it('says a lapsed signed-retry challenge timed out (the session is fine), not "sign in again"', () => {
    const element = mount('test-wallet-element')
    element.fail(
      new WalletAuthError('UNAUTHORIZED', 'x', {
        status: 401,
        reason: 'The signed-retry challenge has expired.',
      }),
      false,
    )
    expect(shadowOf(element).querySelector('[role="alert"]')?.textContent).toBe(
      'That request timed out. Please try again.',
    )
    expect(codeLine(element)?.textContent).toBe('Reference for support: UNAUTHORIZED')
  })

  it("shows a server's code and reason as text, never as markup, even through a sentence that names the code", async () => {
    const element = mount('test-wallet-element')
    element.messages = { errors: { DEFAULT: 'Refused ({code}).' } }
    element.fail(new WalletAuthError(HOSTILE, HOSTILE, { status: 400, reason: HOSTILE }), false)
    const alert = shadowOf(element).querySelector('[role="alert"]') as HTMLElement
    expect(madeInside(alert)).toEqual([])
    expect(alert.textContent).toBe(`Refused (${HOSTILE}).`)
    expect(madeInside(codeLine(element) as HTMLElement)).toEqual([])
    expect(codeLine(element)?.textContent).toBe(`Reference for support: ${HOSTILE}`)
    await expect.element(alert).toBeVisible()
    expect(window.__errorMarkup).toBeUndefined()
  })

  it('shows a hostile error body from the server as text in a real element (the OTP form)', async () => {
    const hostile = { status: 400, code: HOSTILE, message: HOSTILE, reason: HOSTILE }
    const customer = await signUpWithClient({ fetch: async () => Response.json(hostile, { status: 400 }) })
    const form = mount('wallet-otp-form', {
      client: customer.wallet,
      credentialId: customer.emailCredentialId,
    })
    const heard: string[] = []
    form.addEventListener('wallet-error', (event) => heard.push(event.detail.error.code))
    await form.start()
    expect(heard).toEqual([HOSTILE])
    const alert = shadowOf(form).querySelector('[role="alert"]') as HTMLElement
    expect(madeInside(alert)).toEqual([])
    expect(alert.textContent).toBe('That did not work. Please try again.')
    expect(madeInside(codeLine(form) as HTMLElement)).toEqual([])
    expect(codeLine(form)?.textContent).toBe(`Reference for support: ${HOSTILE}`)
    await expect.element(alert).toBeVisible()
    expect(window.__errorMarkup).toBeUndefined()
  })

  it('wraps what is not a kit error as PAGE_ERROR', () => {
    const element = mount('test-wallet-element')
    expect(element.fail(new TypeError('boom'), false).code).toBe('PAGE_ERROR')
  })

  it('disables every control while a step runs and gives them back after', async () => {
    const element = mount('test-wallet-element')
    let finish: (value: string) => void = () => {}
    const running = element.work(() => new Promise<string>((resolve) => (finish = resolve)))
    const controls = [...shadowOf(element).querySelectorAll<HTMLInputElement>('input, button')]
    expect(controls.map((control) => control.disabled)).toEqual([true, true])
    expect(element.getAttribute('aria-busy')).toBe('true')
    finish('done')
    expect(await running).toBe('done')
    expect(controls.map((control) => control.disabled)).toEqual([false, false])
    expect(element.hasAttribute('aria-busy')).toBe(false)
  })

  it('takes replaced strings per element, errors merged by code', () => {
    const element = mount('test-wallet-element')
    element.messages = { errorCode: '({code})', errors: { RATE_LIMITED: 'Slow down: {seconds} s.' } }
    element.fail(new WalletAuthError('RATE_LIMITED', 'x', { retryAfter: 5 }), false)
    expect(shadowOf(element).querySelector('[role="alert"]')?.textContent).toBe('Slow down: 5 s.')
    expect(codeLine(element)?.textContent).toBe('(RATE_LIMITED)')
    expect(element.messages.errors.WRONG_CODE).toMatch(/not right/)
  })
})

describe('properties set before the tag is defined', () => {
  it('are handed to the accessors when the element is upgraded', () => {
    const element = document.createElement('test-late-element') as TestElement
    Object.assign(element, { messages: { errorCode: '[{code}]' } })
    document.body.append(element)
    customElements.define('test-late-element', class extends TestElement {})
    expect(Object.hasOwn(element, 'messages')).toBe(false)
    expect(element.messages.errorCode).toBe('[{code}]')
    element.remove()
  })
})
