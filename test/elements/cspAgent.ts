// The script of a page served under the demo's Content-Security-Policy (test/browser/commands.ts
// `runInCspPage`): it loads the elements from the Vite server, signs in through <wallet-otp-form>
// (HPKE loaded on first use, zod parsing the answers) and renders the eight elements.
import './cspPageSetup.js'
import { createWalletAuth } from '../../src/client/index.js'
import { defineWalletElements, walletElementTags } from '../../src/elements/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'

/** How one element came out on the page. */
export interface RenderedElement {
  tag: string
  /** Stylesheets adopted by its shadow root (the constructed one). */
  adoptedSheets: number
  /** The host's computed `display`: `block` only when the adopted sheet applies. */
  display: string
  /** Elements in its shadow root. */
  shadowElements: number
}

/** What `run` reports. */
export interface CspAgentReport {
  signedIn: boolean
  elements: RenderedElement[]
  /** Violations before the control below. */
  violationsBefore: number
}

const violations = () => (window as unknown as { cspViolations: string[] }).cspViolations

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms),
    ),
  ])
}

/** Resolves when `condition` holds, checked every 20 ms; rejects after `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not met within ${ms} ms: ${condition}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function signUp() {
  const { signerPublicKey } = await (await fetch('/api/test/config')).json()
  const email = `csp-${crypto.randomUUID().slice(0, 8)}@example.com`
  const customer = (await (
    await fetch('/api/test/customers', {
      method: 'POST',
      body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Grace Hopper', email }),
    })
  ).json()) as { customerId: string; accountId: string; emailCredentialId: string }
  const wallet = createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: (input, init) => {
      const request = new Request(input, init)
      request.headers.set('X-Test-Customer', customer.customerId)
      return fetch(request)
    },
    keyStore: createKeyStore({ databaseName: `csp-${crypto.randomUUID()}` }),
    trustedSigners: [signerPublicKey],
  })
  return { wallet, ...customer }
}

async function run(): Promise<CspAgentReport> {
  const { wallet, accountId, emailCredentialId } = await signUp()
  defineWalletElements({ client: wallet })

  // A whole email-code sign-in through the form.
  const form = document.createElement('wallet-otp-form')
  form.credentialId = emailCredentialId
  const signedIn = new Promise<boolean>((resolve) => {
    form.addEventListener('wallet-signed-in', () => resolve(true))
    form.addEventListener('wallet-error', () => resolve(false))
  })
  document.body.append(form)
  await form.start()
  const field = form.shadowRoot?.querySelector('input')
  if (!field) throw new Error('the OTP form shows no code field after start()')
  field.value = '000000'
  field.dispatchEvent(new Event('input', { bubbles: true }))
  const report: CspAgentReport = {
    signedIn: await within(signedIn, 15_000, 'sign-in'),
    elements: [],
    violationsBefore: 0,
  }

  // The other six, with what they need to show something.
  const properties: Record<string, Record<string, unknown>> = {
    'wallet-passkey-button': { accountId, credentialId: emailCredentialId },
    'wallet-oauth-button': {
      accountId,
      credentialId: emailCredentialId,
      provider: 'Example',
      getIdToken: async () => '',
    },
    'wallet-sign-in': { accountId, methods: [{ id: emailCredentialId, type: 'EMAIL_OTP' }] },
    'wallet-export-reveal': { accountId },
  }
  for (const tag of Object.keys(walletElementTags)) {
    if (tag === 'wallet-otp-form') continue
    const element = document.createElement(tag)
    Object.assign(element, properties[tag] ?? {})
    document.body.append(element)
  }
  // Elements that read the session (status, sign-in) render once they have it.
  await until(
    () =>
      ['wallet-session-status', 'wallet-sign-in'].every(
        (tag) => (document.querySelector(tag)?.shadowRoot?.querySelectorAll('*').length ?? 0) > 0,
      ),
    10_000,
  )
  for (const tag of Object.keys(walletElementTags)) {
    const element = document.querySelector(tag)
    const shadow = element?.shadowRoot
    report.elements.push({
      tag,
      adoptedSheets: shadow?.adoptedStyleSheets.length ?? 0,
      display: element ? getComputedStyle(element).display : '',
      shadowElements: shadow?.querySelectorAll('*').length ?? 0,
    })
  }
  report.violationsBefore = violations().length

  // Control: an inline <style> is refused here, so the page really runs under the policy.
  const refused = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve))
  const style = document.createElement('style')
  style.textContent = 'body { color: red }'
  document.head.append(style)
  await within(refused, 5_000, 'the control violation')
  return report
}

Object.assign(window, { cspAgent: { run } })
