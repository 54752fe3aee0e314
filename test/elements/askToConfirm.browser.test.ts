// The confirmation panel on its own, in a shadow root: what it shows (text only, the parts the kit
// could not check marked, a payment's amounts as money), its names, keyboard and focus.
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { askToConfirm } from '../../src/elements/askToConfirm.js'
import { h } from '../../src/elements/dom.js'
import { defaultMessages } from '../../src/elements/messages.js'
import { elementStyles } from '../../src/elements/styles.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { expectAccessible, expectFitsPhone, mount } from './elementKit.js'

const HOSTILE = '<img src=x onerror="window.__confirmMarkup = true">'

declare global {
  interface Window {
    __confirmMarkup?: boolean
  }
}

afterEach(() => {
  window.__confirmMarkup = undefined
})

/** A host element with an open shadow root holding a button (focused) and the panel's place. */
function host() {
  const element = mount('div' as 'wallet-otp-form')
  const root = element.attachShadow({ mode: 'open' })
  root.adoptedStyleSheets = [elementStyles()]
  const before = h('button', { type: 'button' }, 'Add')
  const container = h('div')
  root.append(before, container)
  before.focus()
  const ask = (description: PayloadDescription) =>
    askToConfirm({ host: element, container, description, messages: defaultMessages })
  const panel = () => root.querySelector<HTMLElement>('[role="group"][part~="confirmation"]')
  const button = (part: string) => panel()?.querySelector<HTMLButtonElement>(`[part~="${part}"]`)
  return { element, root, before, container, ask, panel, button }
}

describe('askToConfirm', () => {
  it('shows the summary and the unchecked parts as text, never as markup', async () => {
    const { ask, panel, button } = host()
    const answer = ask({
      action: 'add-credential',
      summary: `Add the passkey "${HOSTILE}".`,
      unchecked: [`the passkey name "${HOSTILE}"`],
    })
    expect(panel()?.querySelector('img')).toBeNull()
    await expect.element(page.getByText(`Add the passkey "${HOSTILE}".`, { exact: true })).toBeVisible()
    const items = [...(panel()?.querySelectorAll('li') ?? [])].map((item) => item.textContent)
    expect(items).toEqual([`Not checked: the passkey name "${HOSTILE}". Make sure it is what you expect.`])
    expect(window.__confirmMarkup).toBeUndefined()
    button('cancel-button')?.click()
    await expect(answer).resolves.toBe(false)
  })

  it('is a group named by its heading and described by the summary; Tab and Enter confirm; focus returns', async () => {
    const { ask, root, before, panel } = host()
    const answer = ask({ action: 'export', summary: 'Export the recovery phrase.' })
    const group = page.getByRole('group', { name: 'Check this before you confirm' })
    await expect.element(group).toHaveAccessibleDescription('Export the recovery phrase.')
    expect(root.activeElement?.id).toBe('confirm-heading')
    await expectAccessible(panel() as HTMLElement)
    await userEvent.tab()
    expect(root.activeElement?.textContent).toBe('Confirm')
    await userEvent.keyboard('{Enter}')
    await expect(answer).resolves.toBe(true)
    expect(panel()).toBeNull()
    expect(root.activeElement).toBe(before)
  })

  it('cancels with Escape and with Cancel, focus back where it was', async () => {
    const { ask, root, before, panel } = host()
    const escaped = ask({ action: 'export', summary: 'Export.' })
    await userEvent.keyboard('{Escape}')
    await expect(escaped).resolves.toBe(false)
    expect(panel()).toBeNull()
    expect(root.activeElement).toBe(before)

    const cancelled = ask({ action: 'export', summary: 'Export.' })
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    await expect(cancelled).resolves.toBe(false)
    expect(root.activeElement).toBe(before)
  })

  it('sets the controls beside it aside while it asks, and gives them and the focus back', async () => {
    const { element, root, before, container, panel } = host()
    const aside = h('div', {}, before)
    root.insertBefore(aside, container)
    before.focus()
    const answer = askToConfirm({
      host: element,
      container,
      description: { action: 'export', summary: 'Export.' },
      messages: defaultMessages,
      aside,
    })
    // One question at a time: the button that started it is not on screen meanwhile.
    expect(aside.hidden).toBe(true)
    expect(before.checkVisibility()).toBe(false)
    await userEvent.keyboard('{Escape}')
    await expect(answer).resolves.toBe(false)
    expect(panel()).toBeNull()
    expect(aside.hidden).toBe(false)
    expect(root.activeElement).toBe(before)
  })

  it('closes an older question as declined when a new one comes: one panel at a time', async () => {
    const { ask, root } = host()
    const first = ask({ action: 'export', summary: 'First.' })
    const second = ask({ action: 'export', summary: 'Second.' })
    await expect(first).resolves.toBe(false)
    expect(root.querySelectorAll('[role="group"]')).toHaveLength(1)
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }))
    await expect(second).resolves.toBe(true)
  })

  it("lists a payment's amounts as money in the page's language, and fits 390 px", async () => {
    const { element, ask, panel, button } = host()
    document.documentElement.lang = 'en-US'
    try {
      const answer = ask({
        action: 'pay',
        summary: 'Pay 10 USDB to $ada@uma.example, who receives 9.05 EUR.',
        payment: {
          sent: { amount: 10_000_000, currency: 'USDB', decimals: 6 },
          received: { amount: 905, currency: 'EUR', decimals: 2 },
          fees: { amount: 224_000, currency: 'USDB', decimals: 6 },
          destination: '$a-very-long-receiver-name-that-has-to-wrap-somewhere@sandbox.uma.example',
        },
      })
      const rows = [...(panel()?.querySelectorAll('dt, dd') ?? [])].map((node) => node.textContent)
      expect(rows).toEqual([
        'You send',
        '10.00 USDB',
        'They receive',
        '€9.05',
        'Fees',
        '0.224 USDB',
        'To',
        '$a-very-long-receiver-name-that-has-to-wrap-somewhere@sandbox.uma.example',
      ])
      await expect
        .element(page.getByRole('group', { name: 'Check this before you confirm' }))
        .toHaveAccessibleDescription(/You send 10\.00 USDB/)
      await expectFitsPhone(element)
      button('confirm-button')?.click()
      await expect(answer).resolves.toBe(true)
    } finally {
      document.documentElement.lang = ''
    }
  })
})
