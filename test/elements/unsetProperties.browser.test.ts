// A framework that stops passing a property sets it to undefined (the React wrappers do): the
// element takes that as unset, never as a toggle or a crash.
import { describe, expect, it } from 'vitest'
import { mount } from './elementKit.js'

describe('properties set to undefined', () => {
  it('clear boolean properties instead of flipping their attribute', () => {
    const form = mount('wallet-otp-form', { adding: true })
    form.adding = undefined as never
    expect(form.hasAttribute('adding')).toBe(false)
    form.adding = undefined as never
    expect(form.hasAttribute('adding')).toBe(false)
    const signIn = mount('wallet-sign-in', { noHeading: true })
    signIn.noHeading = undefined as never
    expect(signIn.hasAttribute('no-heading')).toBe(false)
  })

  it('leave <wallet-sign-in> with no method rather than throwing', () => {
    const signIn = mount('wallet-sign-in', {})
    expect(() => {
      signIn.methods = undefined as never
    }).not.toThrow()
    expect(signIn.methods).toEqual([])
  })
})
