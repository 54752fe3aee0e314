// Signed in: who, the session key (public half only: the private half cannot leave the key
// store), a live countdown to the service's `expiresAt`, refresh and sign-out.
import type { StoredSession } from '../src/keys/createKeyStore.js'
import { type DemoApp, runAction, type SessionMode } from './demoApp.js'
import { demoClock } from './demoClock.js'
import { byId, formatDuration, setText } from './dom.js'
import { showStatus } from './notices.js'
import { forgetSessionModes, recalledSessionMode, rememberSessionMode } from './sessionModeMemory.js'

const CREDENTIAL_NAMES = {
  EMAIL_OTP: 'email code',
  SMS_OTP: 'SMS code',
  PASSKEY: 'passkey',
  OAUTH: 'Google (sandbox)',
}

/** Whether script may read the private key: a non-extractable key refuses export. */
async function isExtractable(session: StoredSession): Promise<boolean> {
  const { privateKey } = session.key.keyPair
  if (privateKey.extractable) return true
  return crypto.subtle.exportKey('pkcs8', privateKey).then(
    () => true,
    () => false,
  )
}

/** Wires the wallet section; `show(session)` fills it and starts the countdown. */
export function createWalletPanel(app: DemoApp, sessionMode: () => SessionMode) {
  let timer: ReturnType<typeof setInterval> | undefined

  async function show(session: StoredSession) {
    setText('who-email', app.user?.email ?? '')
    setText('account-id', session.accountId)
    setText('signed-in-with', CREDENTIAL_NAMES[session.type] ?? session.type)
    setText('session-id', session.sessionId ?? '(not named by the service)')
    setText('session-mode-used', recalledSessionMode(session.key.publicKey) ?? 'unknown (made elsewhere)')
    setText('public-key', session.key.publicKey)
    setText('non-extractable', (await isExtractable(session)) ? 'NO: script can read this key' : 'yes')
    setText(
      'stored-in',
      app.keyStore.persistence === 'indexeddb'
        ? 'IndexedDB (survives a reload)'
        : `memory, gone on reload (${app.keyStore.fallbackCause?.code ?? 'no IndexedDB here'})`,
    )
    clearInterval(timer)
    const tick = () => {
      const left = Date.parse(session.expiresAt) - demoClock.now()
      setText('expires-in', left > 0 ? formatDuration(left) : 'ended')
    }
    tick()
    timer = setInterval(tick, 1000)
  }

  function stop() {
    clearInterval(timer)
  }

  byId('refresh-session').addEventListener('click', () =>
    runAction(
      byId('refresh-session'),
      async () => {
        const mode = sessionMode()
        const session = await app.wallet().sessions.refresh()
        rememberSessionMode(session.key.publicKey, mode)
        await app.render()
        showStatus('Session refreshed: a new key replaced the old one.')
      },
      'Refreshing…',
    ),
  )

  byId('sign-out').addEventListener('click', () =>
    runAction(byId('sign-out'), async () => {
      try {
        await app.wallet().signOut()
      } finally {
        forgetSessionModes()
        await app.render()
      }
      showStatus('Signed out: the session key was removed from this browser.')
    }),
  )

  return { show, stop }
}
