// The account's sign-in methods: list (by friendly name), add (a passkey with the demo's own
// button, Google in the sandbox, SMS with <wallet-otp-form adding>: each confirmed once), remove. The service's rules
// (not the last one; not with its own session) come back as refusals, shown next to the row. An
// SMS method whose first code was not typed yet is listed as not on, and not offered at sign-in.
import type { WalletOtpForm } from '../src/elements/walletOtpForm.js'
import { WalletAuthError } from '../src/errors.js'
import type { AuthMethod } from '../src/wire/index.js'
import { askInPage } from './askInPage.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, runAction } from './demoApp.js'
import { demoErrorSentence } from './demoMessages.js'
import { byId, element, shorten } from './dom.js'
import { showErrorLine } from './errorLine.js'
import { methodName } from './friendlyNames.js'
import { showStatus } from './notices.js'
import { toE164 } from './phoneNumber.js'
import { forgetUnconfirmed, isUnconfirmed, rememberUnconfirmed } from './unconfirmedMethods.js'

/** A name for a new passkey: the device it lives on, as far as the browser says. */
function deviceName(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData
    ?.platform
  return `Passkey on ${platform || 'this device'}`
}

/**
 * Wires the sign-in methods section; `load()` lists them and hands the list to `onMethods`
 * (the sign-in element offers the same list after a sign-out).
 */
export function createCredentialsPanel(app: DemoApp, onMethods: (methods: AuthMethod[]) => void) {
  const rows = byId<HTMLUListElement>('credentials')
  const panel = byId('credentials-panel')
  const smsForm = byId<WalletOtpForm>('sms-otp')

  const accountId = async () => {
    const session = await app.wallet().sessions.current()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return session.accountId
  }

  function row(credential: AuthMethod, current: boolean): HTMLLIElement {
    const name = methodName(credential.type)
    const waiting = isUnconfirmed(credential.id)
    const remove = element(
      'button',
      { type: 'button', class: 'secondary', 'aria-label': `Remove ${name}` },
      'Remove',
    )
    remove.addEventListener('click', () =>
      runAction(remove, async () => {
        await app.wallet().credentials.revoke(credential.id, { method: credential })
        forgetUnconfirmed(credential.id)
        await load()
        showStatus(panel, `Removed ${name}; its sessions were revoked too.`)
        byId('credentials-heading').focus()
      }),
    )
    return element(
      'li',
      {
        'data-credential-id': credential.id,
        'data-type': credential.type,
        'data-feedback': '',
        ...(waiting ? { 'data-unconfirmed': '' } : {}),
      },
      element(
        'span',
        { class: 'row-main' },
        element('strong', {}, name),
        current ? ' (this session)' : '',
        waiting ? element('span', { class: 'pending' }, ' (not on yet: type the code we sent)') : '',
        credential.nickname ? ` · ${credential.nickname}` : '',
        element('br'),
        element('code', { title: credential.id }, shorten(credential.id)),
      ),
      remove,
      element('p', { class: 'status', role: 'status', 'data-notice': '' }),
      element('p', { class: 'alert', role: 'alert', tabindex: '-1', 'data-notice': '' }),
    )
  }

  async function load() {
    const session = await app.wallet().sessions.current()
    if (!session) return
    const credentials = await app.wallet().credentials.list(session.accountId)
    rows.replaceChildren(
      ...credentials.map((credential) => row(credential, credential.id === session.credentialId)),
    )
    onMethods(credentials)
  }

  // Where the passkey's and Google's additions are confirmed with keys in the page, under their buttons.
  const addButtons = byId('add-buttons')
  const addConfirm = byId('add-confirm')
  byId('add-passkey').addEventListener('click', () =>
    runAction(
      byId('add-passkey'),
      async () => {
        const nickname = deviceName()
        // The backend's options exclude the account's passkeys: this device cannot register twice.
        const optionsJSON = await demoApi.passkeyOptions(nickname)
        await app.wallet().passkey.add({
          accountId: await accountId(),
          nickname,
          optionsJSON,
          ...askInPage(app, addConfirm, addButtons),
        })
        await load()
        showStatus(byId('add-passkey'), 'Passkey added: you can sign in with it from now on.')
      },
      'Waiting for your passkey…',
    ),
  )

  byId('add-oauth').addEventListener('click', () =>
    runAction(byId('add-oauth'), async () => {
      const oidcToken = await demoApi.idToken()
      await app.wallet().oauth.add({
        accountId: await accountId(),
        oidcToken,
        ...askInPage(app, addConfirm, addButtons),
      })
      await load()
      showStatus(byId('add-oauth'), 'Google sign-in (sandbox) added.')
    }),
  )

  // Adding SMS, one control at a time: the number, checked here (E.164, said at the field); then
  // <wallet-otp-form adding> in its place, which asks once (the number set on the customer and the
  // credential bound to it, one confirmation) and takes the code that turns the credential on.
  const phone = byId<HTMLInputElement>('phone')
  const phoneError = byId('phone-error')
  const addSms = byId<HTMLFormElement>('add-sms')
  const activateSms = byId('activate-sms')
  const phoneWrong = (error: unknown) => {
    const { sentence, code } = demoErrorSentence(error)
    showErrorLine(phoneError, sentence, code)
    phone.setAttribute('aria-invalid', 'true')
    phone.focus()
    phone.select()
  }
  phone.addEventListener('input', () => {
    phone.removeAttribute('aria-invalid')
    phoneError.replaceChildren()
  })
  // Back to the number: after the element finished, or with what refused it.
  const showNumber = (focus: 'button' | 'none') => {
    activateSms.hidden = true
    addSms.hidden = false
    if (focus === 'button') addSms.querySelector('button')?.focus()
  }

  addSms.addEventListener('submit', (event) => {
    event.preventDefault()
    const phoneNumber = toE164(phone.value)
    if (!phoneNumber)
      return phoneWrong(new WalletAuthError('INVALID_PHONE_NUMBER', 'Not an E.164 phone number.'))
    phoneError.replaceChildren()
    phone.removeAttribute('aria-invalid')
    return runAction(addSms.querySelector('button'), async () => {
      if (!app.user) throw new WalletAuthError('UNAUTHENTICATED', 'Say who you are first.')
      Object.assign(smsForm, {
        accountId: await accountId(),
        customerId: app.user.customerId,
        // The credential is bound to this number: the element names it and asks before signing.
        contact: phoneNumber,
      })
      addSms.hidden = true
      activateSms.hidden = false
      // Its first code is sent at once; the code field (or the signer's box) takes the focus.
      await smsForm.start()
    })
  })

  // Whether the element sent the first code (the credential is then added, waiting for it).
  let sent = false
  // Cancelled at the confirmation: nothing signed, the number as typed, focus where it was asked.
  // (A signer's code box closed after the code was sent leaves the element's own way back to it.)
  smsForm.addEventListener('wallet-cancelled', () => {
    if (sent) return
    showNumber('button')
    showStatus(addSms, 'Cancelled. Nothing was signed.')
  })
  // Refused before any code was sent (the number taken, say): said at the number, to change it.
  smsForm.addEventListener('wallet-error', (event) => {
    if (sent) return
    showNumber('none')
    phoneWrong(event.detail.error)
  })
  // The first code of an SMS method just added: listed, but not on until that code is typed.
  smsForm.addEventListener('wallet-code-sent', (event) => {
    sent = true
    rememberUnconfirmed(event.detail.method.id)
    void load()
  })
  smsForm.addEventListener('wallet-signed-in', (event) => {
    forgetUnconfirmed(event.detail.session.credentialId)
    void load()
    sent = false
    phone.value = ''
    // Ready for another time: the element forgets the credential it added when `adding` changes.
    smsForm.adding = false
    smsForm.adding = true
    showNumber('button')
    showStatus(addSms, 'SMS sign-in is on; this session now uses it.')
  })

  return { load }
}
