// What the frameworks' tests share: a container per test, and an email-code sign-in through a
// <wallet-otp-form> a framework rendered.
import { afterEach, expect } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { WalletOtpForm } from '../../src/elements/walletOtpForm.js'
import { shadowOf } from './elementKit.js'

/** What a test heard of the element's events, through the framework. */
export type Heard = Array<{ type: string; code?: string; credentialId?: string }>

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Runs `cleanup` after the test (an unmount). */
export function afterTest(cleanup: () => void): void {
  cleanups.push(cleanup)
}

/** A new `<div>` on the page for a framework to render into (removed after the test). */
export function container(): HTMLElement {
  const node = document.createElement('div')
  document.body.append(node)
  afterTest(() => node.remove())
  return node
}

/** Sends the code from the app (the ref's `start()`), types 000000 and waits for the session. */
export async function signInThrough(form: WalletOtpForm, heard: Heard, credentialId: string): Promise<void> {
  // Set as properties, not as `credentialid` / `channel` attributes standing for them.
  expect(form.credentialId).toBe(credentialId)
  expect(form.hasAttribute('credentialid')).toBe(false)
  expect(form.channel).toBe('email')
  await form.start()
  const field = shadowOf(form).querySelector('input')
  if (!field) throw new Error('no code field after start()')
  await userEvent.type(field, '000000')
  // Asserted here, not in the handler: a failed expect there is swallowed by the event dispatch.
  await expect.poll(() => heard.map((event) => event.type), { timeout: 15_000 }).toContain('wallet-signed-in')
  expect(heard.find((event) => event.type === 'wallet-signed-in')?.credentialId).toBe(credentialId)
  expect(heard.filter((event) => event.type === 'wallet-error')).toEqual([])
}
