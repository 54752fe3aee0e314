// <wallet-otp-form> inside a React 19 tree and a Vue 3 app, as their users write it: the client
// and the credential passed as props (both frameworks set them as properties, since the element
// defines them), the events heard through the framework (`onwallet-signed-in` in React,
// `onWalletSignedIn` in Vue), `start()` called through a ref. Each completes an email-code
// sign-in (code 000000) through the relay and the sandbox.
import { createElement, createRef } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { type App, createApp, h, ref } from 'vue'
import type { WalletElementEventMap } from '../../src/elements/events.js'
import type { WalletOtpForm } from '../../src/elements/walletOtpForm.js'
import { signUpWithClient } from './elementKit.js'
import { afterTest, container, type Heard, signInThrough } from './frameworkKit.js'

describe('<wallet-otp-form> in frameworks', () => {
  it('signs in inside a React 19 tree (props as properties, events as onwallet-… props)', async () => {
    const { wallet, emailCredentialId } = await signUpWithClient()
    const heard: Heard = []
    const form = createRef<WalletOtpForm>()
    const root: Root = createRoot(container())
    afterTest(() => root.unmount())
    root.render(
      createElement('wallet-otp-form', {
        ref: form,
        client: wallet,
        credentialId: emailCredentialId,
        channel: 'email',
        'onwallet-signed-in': (event: WalletElementEventMap['wallet-signed-in']) => {
          heard.push({ type: event.type, credentialId: event.detail.session.credentialId })
        },
        'onwallet-error': (event: WalletElementEventMap['wallet-error']) =>
          heard.push({ type: event.type, code: event.detail.error.code }),
      }),
    )
    await expect.poll(() => form.current).toBeTruthy()
    await signInThrough(form.current as WalletOtpForm, heard, emailCredentialId)
    expect(await wallet.sessions.current()).toBeDefined()
  }, 30_000)

  it('signs in inside a Vue 3 app (props as properties, events as onWallet… listeners)', async () => {
    const { wallet, emailCredentialId } = await signUpWithClient()
    const heard: Heard = []
    const form = ref<WalletOtpForm>()
    const app: App = createApp({
      setup: () => () =>
        h('wallet-otp-form', {
          ref: form,
          client: wallet,
          credentialId: emailCredentialId,
          channel: 'email',
          onWalletSignedIn: (event: WalletElementEventMap['wallet-signed-in']) => {
            heard.push({ type: event.type, credentialId: event.detail.session.credentialId })
          },
          onWalletError: (event: WalletElementEventMap['wallet-error']) =>
            heard.push({ type: event.type, code: event.detail.error.code }),
        }),
    })
    app.mount(container())
    afterTest(() => app.unmount())
    await expect.poll(() => form.value).toBeTruthy()
    await signInThrough(form.value as WalletOtpForm, heard, emailCredentialId)
    expect(await wallet.sessions.current()).toBeDefined()
  }, 30_000)
})
