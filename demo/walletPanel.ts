// Signed in: who, the session key (public half only: the private half cannot leave the key
// store, or the signer frame), and <wallet-session-status> (the countdown to `expiresAt`, "Stay
// signed in", "Sign out").
import type { WalletSessionStatus } from '../src/elements/walletSessionStatus.js'
import type { StoredSession } from '../src/keys/createKeyStore.js'
import type { SessionView } from '../src/signer-client/index.js'
import type { DemoApp, SessionMode } from './demoApp.js'
import { byId, setText } from './dom.js'
import { methodName } from './friendlyNames.js'
import { recalledSessionMode, rememberSessionMode } from './sessionModeMemory.js'
import { OTP_IS_CLIENT_HELD } from './sessionModeWords.js'

/** Whether script may read the private key: a non-extractable key refuses export. */
async function isExtractable(session: StoredSession): Promise<boolean> {
  const { privateKey } = session.key.keyPair
  if (privateKey.extractable) return true
  return crypto.subtle.exportKey('pkcs8', privateKey).then(
    () => true,
    () => false,
  )
}

/** Wires the wallet section; `show(session)` fills it. */
export function createWalletPanel(app: DemoApp, sessionMode: () => SessionMode) {
  const status = byId<WalletSessionStatus>('session-status')

  // A refresh makes a new key in the mode chosen now.
  status.addEventListener('wallet-refreshed', (event) => {
    rememberSessionMode(event.detail.session.key.publicKey, sessionMode())
  })

  async function show(session: StoredSession | SessionView) {
    setText('who-email', app.user?.email ?? '')
    setText('account-id', session.accountId)
    setText('signed-in-with', methodName(session.type))
    setText('session-id', session.sessionId ?? '(not named by the service)')
    const mode = recalledSessionMode(session.key.publicKey)
    const otp = session.type === 'EMAIL_OTP' || session.type === 'SMS_OTP'
    setText(
      'session-mode-used',
      mode === undefined
        ? 'unknown (made elsewhere)'
        : otp
          ? `${mode} (${OTP_IS_CLIENT_HELD}, whatever the mode chosen)`
          : mode,
    )
    setText('public-key', session.key.publicKey)
    if (!('keyPair' in session.key)) {
      // Signer mode: the page has the public half only; the key is the signer's.
      const signer = app.config.signerUrl ? new URL(app.config.signerUrl).origin : 'the signer'
      setText('non-extractable', `yes, and out of this page's reach: it never leaves ${signer}`)
      setText('stored-in', `the signer frame's IndexedDB (${signer}, survives a reload)`)
      return
    }
    setText(
      'non-extractable',
      (await isExtractable(session as StoredSession)) ? 'NO: script can read this key' : 'yes',
    )
    setText(
      'stored-in',
      app.keyStore.persistence === 'indexeddb'
        ? 'IndexedDB (survives a reload)'
        : `memory, gone on reload (${app.keyStore.fallbackCause?.code ?? 'no IndexedDB here'})`,
    )
  }

  return { show }
}
