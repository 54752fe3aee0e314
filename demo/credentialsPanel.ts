// The account's sign-in methods: list (by friendly name), add (a passkey with the demo's own
// button, Google in the sandbox, SMS with <wallet-otp-form adding>), remove. The service's rules
// (not the last one; not with its own session) come back as refusals, shown next to the row. An
// SMS method whose first code was not typed yet is listed as not on, and not offered at sign-in.
import type { WalletOtpForm } from '../src/elements/walletOtpForm.js'
import { WalletAuthError } from '../src/errors.js'
import type { AuthMethod } from '../src/wire/index.js'
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

  byId('add-passkey').addEventListener('click', () =>
    runAction(
      byId('add-passkey'),
      async () => {
        const nickname = deviceName()
        // The backend's options exclude the account's passkeys: this device cannot register twice.
        const optionsJSON = await demoApi.passkeyOptions(nickname)
        await app.wallet().passkey.add({ accountId: await accountId(), nickname, optionsJSON })
        await load()
        showStatus(byId('add-passkey'), 'Passkey added: you can sign in with it from now on.')
      },
      'Waiting for your passkey…',
    ),
  )

  byId('add-oauth').addEventListener('click', () =>
    runAction(byId('add-oauth'), async () => {
      const oidcToken = await demoApi.idToken()
      await app.wallet().oauth.add({ accountId: await accountId(), oidcToken })
      await load()
      showStatus(byId('add-oauth'), 'Google sign-in (sandbox) added.')
    }),
  )

  // Adding SMS: the number is checked here (E.164, said at the field), goes on the customer with a
  // signed change, then <wallet-otp-form adding> adds the credential, whose first code turns it on.
  const phone = byId<HTMLInputElement>('phone')
  const phoneError = byId('phone-error')
  const phoneWrong = () => {
    const error = new WalletAuthError('INVALID_PHONE_NUMBER', 'Not an E.164 phone number.')
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

  byId('add-sms').addEventListener('submit', (event) => {
    event.preventDefault()
    const phoneNumber = toE164(phone.value)
    if (!phoneNumber) return phoneWrong()
    phoneError.replaceChildren()
    phone.removeAttribute('aria-invalid')
    return runAction(byId('add-sms').querySelector('button'), async () => {
      if (!app.user) throw new WalletAuthError('UNAUTHENTICATED', 'Say who you are first.')
      await app.wallet().customers.updateContact(app.user.customerId, { phoneNumber })
      smsForm.accountId = await accountId()
      // The credential is bound to this number: the element names it and asks before signing.
      smsForm.contact = phoneNumber
      byId('activate-sms').hidden = false
      // Adds the credential (its first code is sent at once); the code field takes the focus.
      await smsForm.start()
    })
  })

  // The first code of an SMS method just added: listed, but not on until that code is typed.
  smsForm.addEventListener('wallet-code-sent', (event) => {
    rememberUnconfirmed(event.detail.method.id)
    void load()
  })
  smsForm.addEventListener('wallet-signed-in', (event) => {
    forgetUnconfirmed(event.detail.session.credentialId)
    void load()
    byId('activate-sms').hidden = true
    phone.value = ''
    // Ready for another time: the element forgets the credential it added when `adding` changes.
    smsForm.adding = false
    smsForm.adding = true
    showStatus(byId('add-sms'), 'SMS sign-in is on; this session now uses it.')
    byId('credentials-heading').focus()
  })

  return { load }
}
