// Signed out: say who you are (the backend's stand-in for an app login), then pick a method.

import { isWalletAuthError } from '../src/errors.js'
import type { StoredSession } from '../src/keys/createKeyStore.js'
import type { AuthMethod } from '../src/wire/index.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, runAction, type SessionMode } from './demoApp.js'
import { demoClock } from './demoClock.js'
import { byId, setText, showIf } from './dom.js'
import { showError, showStatus } from './notices.js'
import { rememberSessionMode } from './sessionModeMemory.js'

const CODE_LENGTH = 6

/** Wires the sign-in section; `show()` displays it for the current user (or the email form). */
export function createSignInPanel(app: DemoApp, sessionMode: () => SessionMode) {
  let credentials: AuthMethod[] = []
  // The OTP credential whose code is awaited.
  let pending: { credential: AuthMethod; type: 'EMAIL_OTP' | 'SMS_OTP' } | undefined
  let countdown: ReturnType<typeof setInterval> | undefined
  const resend = byId<HTMLButtonElement>('resend-code')
  const codeInput = byId<HTMLInputElement>('code')

  const find = (type: AuthMethod['type']) => credentials.find((credential) => credential.type === type)
  const otpMethods = (type: 'EMAIL_OTP' | 'SMS_OTP') =>
    type === 'EMAIL_OTP' ? app.wallet().emailOtp : app.wallet().smsOtp

  async function signedIn(session: StoredSession, mode: SessionMode) {
    rememberSessionMode(session.key.publicKey, mode)
    pending = undefined
    await app.render()
    showStatus('Signed in.')
  }

  async function show() {
    showIf('code-form', false)
    showIf('who', app.user === null)
    showIf('methods', app.user !== null)
    if (!app.user) return
    setText('methods-email', app.user.email)
    credentials = await app.wallet().credentials.list(app.user.accountId)
    showIf('send-email-code', find('EMAIL_OTP') !== undefined)
    showIf('send-sms-code', find('SMS_OTP') !== undefined)
    showIf('passkey-sign-in', find('PASSKEY') !== undefined)
    showIf('oauth-sign-in', find('OAUTH') !== undefined)
  }

  // A 429's Retry-After becomes a disabled resend button counting down (ux.md).
  function backOff(seconds: number) {
    clearInterval(countdown)
    const until = demoClock.now() + seconds * 1000
    const tick = () => {
      const left = Math.ceil((until - demoClock.now()) / 1000)
      resend.disabled = left > 0
      resend.textContent = left > 0 ? `Send a new code (${left} s)` : 'Send a new code'
      if (left <= 0) clearInterval(countdown)
    }
    tick()
    countdown = setInterval(tick, 1000)
  }

  async function sendCode(type: 'EMAIL_OTP' | 'SMS_OTP', button: HTMLButtonElement) {
    const credential = find(type)
    if (!credential) return
    let retryAfter: number | undefined
    await runAction(button, async () => {
      try {
        await otpMethods(type).send(credential.id)
      } catch (error) {
        if (isWalletAuthError(error, 'RATE_LIMITED')) retryAfter = error.retryAfter ?? 30
        throw error
      }
      pending = { credential, type }
      showIf('methods', false)
      showIf('code-form', true)
      setText('code-sent-to', `We sent a code to ${credential.nickname ?? 'you'}.`)
      codeInput.value = ''
      codeInput.focus()
      showStatus('Code sent.')
    })
    if (retryAfter !== undefined) backOff(retryAfter)
  }

  byId('who').addEventListener('submit', async (event) => {
    event.preventDefault()
    const email = byId<HTMLInputElement>('email').value.trim()
    const country = byId<HTMLSelectElement>('country').value
    await runAction(byId('who').querySelector('button'), async () => {
      app.user = await demoApi.identify({ email, country })
      await show()
      byId<HTMLButtonElement>('send-email-code').focus()
    })
  })

  byId('switch-user').addEventListener('click', () =>
    runAction(byId('switch-user'), async () => {
      await demoApi.forget()
      app.user = null
      pending = undefined
      await show()
      byId('email').focus()
    }),
  )

  byId('send-email-code').addEventListener('click', () => sendCode('EMAIL_OTP', byId('send-email-code')))
  byId('send-sms-code').addEventListener('click', () => sendCode('SMS_OTP', byId('send-sms-code')))
  resend.addEventListener('click', () => pending && sendCode(pending.type, resend))

  // Digits only; a pasted or autofilled whole code submits at once.
  codeInput.addEventListener('input', () => {
    codeInput.value = codeInput.value.replace(/\D/g, '').slice(0, CODE_LENGTH)
    if (codeInput.value.length === CODE_LENGTH) byId<HTMLFormElement>('code-form').requestSubmit()
  })

  byId('code-form').addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!pending) return
    const { credential, type } = pending
    const verified = await runAction(
      byId('verify-code'),
      async () => signedIn(await otpMethods(type).verify(credential.id, codeInput.value), 'client-held'),
      'Checking…',
    )
    if (!verified) {
      // The bundle is single-use: keep the field, select it, and let "Send a new code" follow.
      codeInput.select()
    }
  })

  byId('passkey-sign-in').addEventListener('click', async () => {
    const credential = find('PASSKEY')
    if (!app.user || !credential) return
    const { accountId } = app.user
    const button = byId<HTMLButtonElement>('passkey-sign-in')
    button.disabled = true
    button.textContent = 'Waiting for your passkey…'
    try {
      const mode = sessionMode()
      const session = await app.wallet().passkey.signIn(credential.id, {
        accountId,
        ...(credential.credentialId ? { allowCredentials: [credential.credentialId] } : {}),
      })
      await signedIn(session, mode)
    } catch (error) {
      // A closed passkey dialog is the user's choice, not an error (ux.md): back to the buttons.
      if (isWalletAuthError(error, 'PASSKEY_CANCELLED')) showStatus('Passkey sign-in cancelled.')
      else showError(error)
    } finally {
      button.disabled = false
      button.textContent = 'Sign in with a passkey'
    }
  })

  byId('oauth-sign-in').addEventListener('click', () => {
    const credential = find('OAUTH')
    if (!app.user || !credential) return
    const { accountId } = app.user
    return runAction(
      byId('oauth-sign-in'),
      async () => {
        const mode = sessionMode()
        const session = await app.wallet().oauth.signIn(credential.id, {
          accountId,
          getIdToken: (nonce) => demoApi.idToken(nonce),
        })
        await signedIn(session, mode)
      },
      'Waiting for Google (sandbox)…',
    )
  })

  return { show }
}
