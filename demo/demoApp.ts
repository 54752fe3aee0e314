import type { WalletAuth } from '../src/client/index.js'
import type { KeyStore } from '../src/keys/createKeyStore.js'
import type { FramedWalletAuth } from '../src/signer-client/index.js'
import type { DemoConfig, DemoUser } from './demoApi.js'
import { clearNotices, showError } from './notices.js'

/** The session-key mode of new sign-ins (wire-formats section 2). */
export type SessionMode = 'client-held' | 'sealed'

/**
 * The page's wallet client: by default in signer mode (`mode: 'signer'`: the keys, the code box,
 * the confirmations and the recovery phrase in the signer's frame, on another origin); with
 * `?keys=page`, the keys in this page (`mode: 'page'`).
 */
export type DemoWallet = WalletAuth | FramedWalletAuth

/** What every panel of the page shares. */
export interface DemoApp {
  config: DemoConfig
  /** The page's own key store: used with `?keys=page` only (in signer mode the keys are the signer's). */
  keyStore: KeyStore
  /** The wallet client of the current session-key mode (replaced when the mode changes). */
  wallet(): DemoWallet
  /** Who the backend knows (the cookie), or null. */
  user: DemoUser | null
  /** Shows the signed-in or signed-out view for the current state. */
  render(): Promise<void>
}

let afterFailure: (error: unknown) => Promise<void> = async () => {}

/** Sets what the page checks after any failed action (the clock, whether the session still lives). */
export function onActionFailure(handler: (error: unknown) => Promise<void>): void {
  afterFailure = handler
}

/**
 * Runs a click's work: the button is disabled (with `busyText`, and `aria-busy`) while it runs,
 * the notices are cleared first, and a failure is shown next to the button as a sentence with its
 * code, focused. Focus on the button comes back to it when nothing else took it. Resolves to
 * whether it worked.
 */
export async function runAction(
  target: Element | null,
  work: () => Promise<void>,
  busyText?: string,
): Promise<boolean> {
  const button = target instanceof HTMLButtonElement ? target : null
  const label = button?.textContent ?? ''
  // A disabled button loses the focus to <body>: it comes back when the button does.
  const hadFocus = button !== null && document.activeElement === button
  if (button) {
    button.disabled = true
    button.setAttribute('aria-busy', 'true')
    if (busyText) button.textContent = busyText
  }
  clearNotices()
  try {
    await work()
    return true
  } catch (error) {
    if (button) button.disabled = false
    showError(target, error)
    await afterFailure(error).catch(() => {})
    return false
  } finally {
    if (button) {
      button.disabled = false
      button.removeAttribute('aria-busy')
      if (busyText) button.textContent = label
      // The signer's frame held the focus while its dialog asked the person: it gives it back here.
      const active = document.activeElement
      const lost = !active || active === document.body || active instanceof HTMLIFrameElement
      if (hadFocus && lost && button.isConnected && !button.closest('[hidden]')) button.focus()
    }
  }
}

/** Focuses the first button or field inside `host`, looking into the shadow roots of its elements. */
export function focusFirstControl(host: Element): boolean {
  const root: ParentNode = host.shadowRoot ?? host
  const control = root.querySelector<HTMLElement>('button:not([disabled]), input, select')
  if (control && control.offsetParent !== null) {
    control.focus()
    return true
  }
  for (const child of root.querySelectorAll('*')) {
    if (child.shadowRoot && focusFirstControl(child)) return true
  }
  return false
}
