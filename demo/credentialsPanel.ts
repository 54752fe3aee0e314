// The account's sign-in methods: list, add (passkey, Google in the sandbox, SMS), remove. The
// service's rules (not the last one; not with its own session) come back as refusals, shown.
import { WalletAuthError } from '../src/errors.js'
import type { AuthMethod } from '../src/wire/index.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, runAction } from './demoApp.js'
import { byId, element, shorten } from './dom.js'
import { showStatus } from './notices.js'

/** A name for a new passkey: the device it lives on, as far as the browser says. */
function deviceName(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData
    ?.platform
  return `Passkey on ${platform || 'this device'}`
}

/** Wires the sign-in methods section; `load()` lists them. */
export function createCredentialsPanel(app: DemoApp) {
  const rows = byId<HTMLTableSectionElement>('credentials')

  function row(credential: AuthMethod, current: boolean): HTMLTableRowElement {
    const remove = element('button', { type: 'button' }, 'Remove')
    remove.addEventListener('click', () =>
      runAction(remove, async () => {
        await app.wallet().credentials.revoke(credential.id)
        await load()
        showStatus(`Removed ${credential.nickname ?? credential.type}; its sessions were revoked too.`)
      }),
    )
    return element(
      'tr',
      { 'data-credential-id': credential.id, 'data-type': credential.type },
      element('td', {}, credential.type, current ? ' (this session)' : ''),
      element('td', {}, credential.nickname ?? ''),
      element('td', {}, element('code', { title: credential.id }, shorten(credential.id))),
      element('td', {}, remove),
    )
  }

  async function load() {
    const session = await app.wallet().sessions.current()
    if (!session) return
    const credentials = await app.wallet().credentials.list(session.accountId)
    rows.replaceChildren(
      ...credentials.map((credential) => row(credential, credential.id === session.credentialId)),
    )
  }

  const accountId = async () => {
    const session = await app.wallet().sessions.current()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return session.accountId
  }

  byId('add-passkey').addEventListener('click', () =>
    runAction(
      byId('add-passkey'),
      async () => {
        const nickname = deviceName()
        const optionsJSON = await demoApi.passkeyOptions(nickname)
        await app.wallet().passkey.add({ accountId: await accountId(), nickname, optionsJSON })
        await load()
        showStatus('Passkey added: you can sign in with it from now on.')
      },
      'Waiting for your passkey…',
    ),
  )

  byId('add-oauth').addEventListener('click', () =>
    runAction(byId('add-oauth'), async () => {
      const oidcToken = await demoApi.idToken()
      await app.wallet().oauth.add({ accountId: await accountId(), oidcToken })
      await load()
      showStatus('Google sign-in (sandbox) added.')
    }),
  )

  // Adding SMS: the phone number goes on the customer first (a signed change), the credential
  // follows it, and the code the service sends at once activates it.
  let pendingSms: string | undefined
  byId('add-sms').addEventListener('submit', (event) => {
    event.preventDefault()
    const phoneNumber = byId<HTMLInputElement>('phone').value.trim()
    return runAction(byId('add-sms').querySelector('button'), async () => {
      if (!app.user) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
      await app.wallet().customers.updateContact(app.user.customerId, { phoneNumber })
      pendingSms = (await app.wallet().smsOtp.add(await accountId())).id
      await load()
      byId('activate-sms').hidden = false
      byId('activate-code').focus()
      showStatus(`A code was sent to ${phoneNumber}: enter it to turn on SMS sign-in.`)
    })
  })

  byId('activate-sms').addEventListener('submit', (event) => {
    event.preventDefault()
    const code = byId<HTMLInputElement>('activate-code')
    return runAction(byId('activate-sms').querySelector('button'), async () => {
      if (!pendingSms) return
      await app.wallet().smsOtp.verify(pendingSms, code.value.replace(/\D/g, ''))
      pendingSms = undefined
      code.value = ''
      byId('activate-sms').hidden = true
      await app.render()
      showStatus('SMS sign-in is on; this session now uses it.')
    })
  })

  return { load }
}
