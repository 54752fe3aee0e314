// Signed out: say who you are (the backend's stand-in for an app login), then <wallet-sign-in>
// offers that account's methods (the list comes from the demo backend's relay) and runs the one
// chosen. It follows the session: when it ends here or in another tab, it says so.
import type { WalletSignIn } from '../src/elements/walletSignIn.js'
import type { AuthMethod } from '../src/wire/index.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, focusFirstControl, runAction } from './demoApp.js'
import { byId, setText, showIf } from './dom.js'
import { isUnconfirmed } from './unconfirmedMethods.js'

const sameMethods = (a: AuthMethod[], b: AuthMethod[]) =>
  a.length === b.length && a.every((method, index) => method.id === b[index]?.id)

/** Wires the sign-in section; `show()` displays it for the current user (or the email form). */
export function createSignInPanel(app: DemoApp) {
  const signIn = byId<WalletSignIn>('wallet-sign-in')
  signIn.provider = 'Google (sandbox)'
  signIn.getIdToken = (nonce) => demoApi.idToken(nonce)
  signIn.rpId = app.config.rpId

  /**
   * Gives the element the account's usable methods. Only a changed list is set: setting it draws the
   * element again, which would drop the sentence it shows after a session ended.
   */
  function setMethods(listed: AuthMethod[]) {
    // Only methods that work: an SMS method whose first code was never typed is not on yet.
    const methods = listed.filter((method) => !isUnconfirmed(method.id))
    if (!sameMethods(signIn.methods as AuthMethod[], methods)) signIn.methods = methods
  }

  async function show() {
    showIf('who', app.user === null)
    showIf('methods', app.user !== null)
    if (!app.user) return
    setText('methods-email', app.user.email)
    signIn.accountId = app.user.accountId
    setMethods(await app.wallet().credentials.list(app.user.accountId))
  }

  byId('who').addEventListener('submit', async (event) => {
    event.preventDefault()
    const email = byId<HTMLInputElement>('email').value.trim()
    const country = byId<HTMLSelectElement>('country').value
    await runAction(byId('who').querySelector('button'), async () => {
      app.user = await demoApi.identify({ email, country })
      await show()
      // Focus follows the step: the first method (or the only method's button).
      focusFirstControl(signIn)
    })
  })

  byId('switch-user').addEventListener('click', () =>
    runAction(byId('switch-user'), async () => {
      await demoApi.forget()
      app.user = null
      await show()
      byId('email').focus()
    }),
  )

  return { show, setMethods, element: signIn }
}
