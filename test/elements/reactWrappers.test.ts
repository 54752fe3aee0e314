// The React wrappers away from a browser: what each one sets as properties (read from the element
// classes, so never behind them), and a server render (Next.js and the like) that puts none of the
// properties or handlers into the HTML as attributes.
import * as React from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import type { WalletAuth } from '../../src/client/createWalletAuth.js'
import { walletElementTags } from '../../src/elements/defineWalletElements.js'
import { createWalletComponents } from '../../src/elements/react/index.js'
import { settableProperties } from '../../src/elements/react/settableProperties.js'

describe('the React wrappers', () => {
  it("set the elements' writable properties, not their methods or read-only getters", () => {
    for (const element of Object.values(walletElementTags)) {
      const names = settableProperties(element)
      expect(names).toEqual(expect.arrayContaining(['client', 'messages']))
      for (const name of ['busy', 'view', 'session', 'start', 'signOut', 'pay', 'hide', 'connectedCallback'])
        expect(names).not.toContain(name)
    }
    expect(settableProperties(walletElementTags['wallet-otp-form'])).toEqual(
      expect.arrayContaining(['credentialId', 'accountId', 'codeLength', 'channel', 'adding', 'contact']),
    )
    expect(settableProperties(walletElementTags['wallet-sca-step'])).toEqual(
      expect.arrayContaining(['quote', 'receiver', 'scaFactor', 'followEveryMs']),
    )
  })

  it('render on a server: the tag with React’s attributes, no property or handler as an attribute', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { WalletOtpForm } = createWalletComponents({ react: React })
      const html = renderToString(
        React.createElement(
          WalletOtpForm,
          {
            client: {} as WalletAuth,
            credentialId: 'AuthMethod:x',
            channel: 'sms',
            className: 'sign-in',
            id: 'otp',
            onWalletSignedIn: () => {},
          },
          React.createElement('span', null, 'Loading'),
        ),
      )
      expect(html).toBe('<wallet-otp-form class="sign-in" id="otp"><span>Loading</span></wallet-otp-form>')
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })
})
