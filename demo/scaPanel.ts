// EU rules (strong customer authentication): shown only to a customer the service asks it of.
// The phone is confirmed once with a code (it is then the customer's SMS factor), and an SCA login
// by SMS opens the session a payment needs; without it the service refuses to authorize a payment.
import type { ScaLoginStart } from '../src/client/index.js'
import { WalletAuthError } from '../src/errors.js'
import { type DemoApp, runAction } from './demoApp.js'
import { byId, setText } from './dom.js'
import { showStatus } from './notices.js'
import { toE164 } from './phoneNumber.js'

interface ContactVerification {
  phone?: 'PENDING' | 'VERIFIED'
}

/** Wires the SCA block of the money section; `load()` shows it for a customer who needs SCA. */
export function createScaPanel(app: DemoApp) {
  const wallet = () => app.wallet()
  const customerId = () => {
    if (!app.user) throw new WalletAuthError('UNAUTHENTICATED', 'Say who you are first.')
    return app.user.customerId
  }
  let started: ScaLoginStart | undefined

  function show(phone: 'PENDING' | 'VERIFIED' | undefined) {
    byId('sca').hidden = phone === undefined
    byId('sca-phone-form').hidden = phone !== 'PENDING'
    byId('sca-login-form').hidden = phone !== 'VERIFIED'
  }

  async function load() {
    const customer = await wallet().customers.get(customerId())
    const verification = customer.contactVerification as ContactVerification | undefined
    if (typeof customer.phoneNumber === 'string')
      byId<HTMLInputElement>('sca-phone').value = customer.phoneNumber
    show(verification?.phone)
  }

  byId('sca-send-phone-code').addEventListener('click', (event) =>
    runAction(event.currentTarget as Element, async () => {
      const phoneNumber = toE164(byId<HTMLInputElement>('sca-phone').value)
      if (!phoneNumber) throw new WalletAuthError('INVALID_PHONE_NUMBER', 'Not an E.164 phone number.')
      const customer = await wallet().customers.get(customerId())
      if (customer.phoneNumber !== phoneNumber) {
        await wallet().customers.updateContact(customerId(), { phoneNumber })
      }
      await wallet().customers.sendVerificationCode(customerId(), 'phone')
      const client = wallet()
      if (client.mode === 'signer') {
        // The signer draws the code box and sends the code itself: the page never sees it.
        await client.customers.confirmVerificationCode(customerId(), 'phone')
        return phoneConfirmed()
      }
      showStatus(byId('sca-send-phone-code'), 'Code sent (the sandbox’s is 123456).')
      byId('sca-phone-code').focus()
    }),
  )

  function phoneConfirmed() {
    show('VERIFIED')
    setText('sca-state', 'Phone confirmed. Confirm it’s you before paying.')
    byId('sca-start-login').focus()
  }

  byId('sca-phone-form').addEventListener('submit', (event) => {
    event.preventDefault()
    return runAction(byId('sca-verify-phone'), async () => {
      const client = wallet()
      if (client.mode === 'signer') return
      const code = byId<HTMLInputElement>('sca-phone-code').value.trim()
      await client.customers.confirmVerificationCode(customerId(), 'phone', code)
      phoneConfirmed()
    })
  })

  byId('sca-start-login').addEventListener('click', (event) =>
    runAction(event.currentTarget as Element, async () => {
      started = await wallet().sca.startLogin(customerId(), 'SMS_OTP')
      showStatus(byId('sca-start-login'), 'Code sent by text message.')
      byId('sca-login-code').focus()
    }),
  )

  byId('sca-login-form').addEventListener('submit', (event) => {
    event.preventDefault()
    return runAction(byId('sca-complete-login'), async () => {
      if (!started) throw new WalletAuthError('OTP_NOT_SENT', 'No login code was sent.')
      const code = byId<HTMLInputElement>('sca-login-code').value.trim()
      const endUserIpAddress = app.config.endUserIpAddress ?? '127.0.0.1'
      const done = await wallet().sca.completeLogin(customerId(), { started, code, endUserIpAddress })
      if (done.status !== 'SUCCESS')
        throw new WalletAuthError('INVALID_STATE_TRANSITION', `Login ${done.status}.`)
      started = undefined
      const until = done.sessionExpiresAt ? new Date(done.sessionExpiresAt).toLocaleTimeString('en-US') : ''
      setText('sca-state', `Confirmed: you can pay${until ? ` until ${until}` : ''}.`)
      byId('sca-state').dataset.state = 'SUCCESS'
    })
  })

  /** Forgets the login in progress (at sign-out). */
  function stop() {
    started = undefined
    setText('sca-state', '')
    delete byId('sca-state').dataset.state
    byId('sca').hidden = true
  }

  return { load, stop }
}
