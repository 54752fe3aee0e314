import type { Page } from '@playwright/test'

/**
 * Options of `addVirtualAuthenticator`: the CDP `WebAuthn.addVirtualAuthenticator` options. The
 * default is a platform authenticator that always says yes: CTAP2 over `internal`, resident keys,
 * user verification done and presence simulated (no prompt).
 */
export interface VirtualAuthenticatorOptions {
  /** Default `'ctap2'`. */
  protocol?: 'ctap2' | 'u2f'
  /** Default `'internal'` (a platform authenticator, as Touch ID or Windows Hello). */
  transport?: 'internal' | 'usb' | 'nfc' | 'ble' | 'cable' | 'hybrid'
  /** Discoverable credentials. Default `true`. */
  hasResidentKey?: boolean
  /** Default `true`. */
  hasUserVerification?: boolean
  /** Whether user verification succeeds. Default `true`. */
  isUserVerified?: boolean
  /** Touch without a prompt. Default `true`: with `false` every ceremony waits for a user. */
  automaticPresenceSimulation?: boolean
  /** Further CDP options (`ctap2Version`, `hasLargeBlob`, `hasPrf`, …), passed on as they are. */
  [option: string]: unknown
}

const DEFAULTS = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const

/**
 * Adds a virtual WebAuthn authenticator to `page` (Chromium only, through its own CDP session)
 * and returns its id. Add it before the page's first WebAuthn call, or the call waits for a user
 * who never comes. It belongs to that page alone: another page (a new tab, a popup) needs its own.
 * `options` override the defaults (see `VirtualAuthenticatorOptions`).
 *
 * @example
 * ```ts
 * import { addVirtualAuthenticator } from 'embedded-wallet-auth/testing/playwright'
 *
 * const tab = await context.newPage()
 * await addVirtualAuthenticator(tab)
 * await tab.goto('/sign-in') // a passkey created or used there needs no tap
 * // A user who refuses the check: the ceremony fails as on a real device
 * await addVirtualAuthenticator(otherTab, { isUserVerified: false })
 * ```
 */
export async function addVirtualAuthenticator(
  page: Page,
  options: VirtualAuthenticatorOptions = {},
): Promise<string> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { ...DEFAULTS, ...options } as { protocol: 'ctap2'; transport: 'internal' },
  })
  return authenticatorId
}
