// The React wrappers (`createWalletComponents`) under React 18 and React 19, each with its own
// react-dom: an email-code sign-in through <WalletOtpForm> (the client and credential set as
// properties, the events heard through `onWallet…` props, `start()` through the forwarded ref), in
// StrictMode (effects run twice); and why React 18 needs them: its raw tag gets attributes.
import * as React19 from 'react'
import { version as domVersion19 } from 'react-dom'
import { createRoot as createRoot19 } from 'react-dom/client'
import { version as domVersion18 } from 'react-dom18'
import { createRoot as createRoot18 } from 'react-dom18/client'
import * as React18 from 'react18'
import { describe, expect, it } from 'vitest'
import { createWalletComponents } from '../../src/elements/react/index.js'
import type { WalletOtpForm } from '../../src/elements/walletOtpForm.js'
import { signUpWithClient } from './elementKit.js'
import { afterTest, container, type Heard, signInThrough } from './frameworkKit.js'

const versions = [
  { name: 'React 18', major: '18', React: React18, domVersion: domVersion18, createRoot: createRoot18 },
  { name: 'React 19', major: '19', React: React19, domVersion: domVersion19, createRoot: createRoot19 },
]

/** `element` rendered by `version`'s React into a new container; unmounted after the test. */
function render(version: (typeof versions)[number], element: React19.ReactNode) {
  const root = version.createRoot(container())
  afterTest(() => root.unmount())
  root.render(version.React.createElement(version.React.StrictMode, null, element))
  return root
}

describe.each(versions)('the React wrappers under $name', (version) => {
  const { React } = version
  const { WalletOtpForm: OtpForm } = createWalletComponents({ react: React })

  it('run on that React and its react-dom', () => {
    expect(React.version.split('.')[0]).toBe(version.major)
    expect(version.domVersion.split('.')[0]).toBe(version.major)
  })

  it('sign in through <WalletOtpForm>: properties set, events heard, the ref is the element', async () => {
    const { wallet, emailCredentialId } = await signUpWithClient()
    const heard: Heard = []
    const form = React.createRef<WalletOtpForm>()
    render(
      version,
      React.createElement(OtpForm, {
        ref: form,
        client: wallet,
        credentialId: emailCredentialId,
        channel: 'email',
        className: 'sign-in',
        id: 'email-sign-in',
        'aria-describedby': 'help',
        onWalletSignedIn: (event) =>
          heard.push({ type: event.type, credentialId: event.detail.session.credentialId }),
        onWalletError: (event) => heard.push({ type: event.type, code: event.detail.error.code }),
      }),
    )
    await expect.poll(() => form.current).toBeTruthy()
    const element = form.current as WalletOtpForm
    expect(element.localName).toBe('wallet-otp-form')
    expect(element.client).toBe(wallet)
    expect(element.hasAttribute('client')).toBe(false)
    // The rest is React's: attributes as React renders them on any element.
    expect(element.getAttribute('class')).toBe('sign-in')
    expect(element.id).toBe('email-sign-in')
    expect(element.getAttribute('aria-describedby')).toBe('help')
    await signInThrough(element, heard, emailCredentialId)
    // StrictMode ran the effects twice: each event was heard once.
    expect(heard.filter((event) => event.type === 'wallet-signed-in')).toHaveLength(1)
    expect(await wallet.sessions.current()).toBeDefined()
  }, 30_000)

  it('set a changed property again, and stop listening when a handler is taken away', async () => {
    const { wallet } = await signUpWithClient()
    const sent: string[] = []
    const form = React.createRef<WalletOtpForm>()
    const props = { ref: form, client: wallet, credentialId: 'first' }
    const onWalletCodeSent = () => sent.push('heard')
    const root = render(version, React.createElement(OtpForm, { ...props, onWalletCodeSent }))
    await expect.poll(() => form.current?.credentialId).toBe('first')
    const element = form.current as WalletOtpForm
    element.dispatchEvent(new CustomEvent('wallet-code-sent', { bubbles: true }))
    expect(sent).toEqual(['heard'])

    root.render(
      React.createElement(
        React.StrictMode,
        null,
        React.createElement(OtpForm, { ...props, credentialId: 'second' }),
      ),
    )
    await expect.poll(() => element.credentialId).toBe('second')
    element.dispatchEvent(new CustomEvent('wallet-code-sent', { bubbles: true }))
    expect(sent).toEqual(['heard'])
    expect(form.current).toBe(element)
  })
})

describe('the raw tag under React 18', () => {
  // What the README's React 19 JSX does under React 18: it sets unknown props as attributes, so the
  // element gets neither the client nor the credential (hence the wrappers).
  it('gets attributes instead of properties', async () => {
    const { wallet, emailCredentialId } = await signUpWithClient()
    const form = React18.createRef<WalletOtpForm>()
    render(
      versions[0] as (typeof versions)[number],
      React18.createElement('wallet-otp-form', {
        ref: form,
        client: wallet,
        credentialId: emailCredentialId,
      }),
    )
    await expect.poll(() => form.current).toBeTruthy()
    const element = form.current as WalletOtpForm
    expect(element.getAttribute('client')).toBe('[object Object]')
    expect(element.client).not.toBe(wallet)
    expect(element.credentialId).toBeUndefined()
  })
})
