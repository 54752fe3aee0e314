// The QA demo page: every flow of the kit on createWalletAuth, as an integrator's page would be,
// against the demo backend (the kit's relay) and the sandbox or a real service behind it.
import './jitlessZod.js'
import { createWalletAuth, type WalletAuth } from '../src/client/index.js'
import { isWalletAuthError } from '../src/errors.js'
import { createKeyStore } from '../src/keys/createKeyStore.js'
import { createActivityLog } from './activityLog.js'
import { createCredentialsPanel } from './credentialsPanel.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, onActionFailure, type SessionMode } from './demoApp.js'
import { demoClock } from './demoClock.js'
import { byId, setText, showIf } from './dom.js'
import { createExportPanel } from './exportPanel.js'
import { createMoneyPanel } from './moneyPanel.js'
import { showError, showStatus } from './notices.js'
import { createSandboxTools } from './sandboxTools.js'
import { forgetSessionModes } from './sessionModeMemory.js'
import { createSessionsPanel } from './sessionsPanel.js'
import { createSignInPanel } from './signInPanel.js'
import { createWalletPanel } from './walletPanel.js'

const SIGNED_IN_SECTIONS = ['wallet', 'credentials-panel', 'sessions-panel', 'money', 'export-panel']
const MODE_KEY = 'embedded-wallet-auth-demo:session-mode'
const SESSION_ENDED = 'Your session ended: its key was removed from this browser. Sign in again to continue.'

async function start() {
  const config = await demoApi.config()
  demoClock.adopt(config.now)
  const keyStore = await createKeyStore({ now: demoClock.now })
  const activity = createActivityLog(byId<HTMLOListElement>('activity'), config.signatureHeader)
  const modeSelect = byId<HTMLSelectElement>('session-mode')
  modeSelect.value = localStorage.getItem(MODE_KEY) === 'sealed' ? 'sealed' : 'client-held'
  const sessionMode = () => modeSelect.value as SessionMode

  let wallet: WalletAuth
  const connect = () => {
    wallet = createWalletAuth({
      baseUrl: '/api/wallet',
      keyStore,
      fetch: activity.fetch,
      now: demoClock.now,
      sessionMode: sessionMode(),
      headerName: config.signatureHeader,
      ...(config.trustedSigners ? { trustedSigners: config.trustedSigners } : {}),
      ...(config.exportSigners ? { exportSigners: config.exportSigners } : {}),
    })
    wallet.onChange((event) => {
      if (event.type === 'expiring-soon')
        showStatus('Your session ends in a minute. Refresh it to stay signed in.')
      if (event.type === 'expired') {
        void render().then(() => showStatus('Your session ended. Sign in again to continue.'))
      }
    })
  }

  const app: DemoApp = {
    config,
    keyStore,
    wallet: () => wallet,
    user: config.user,
    render,
  }
  const signIn = createSignInPanel(app, sessionMode)
  const walletPanel = createWalletPanel(app, sessionMode)
  const credentials = createCredentialsPanel(app)
  const sessions = createSessionsPanel(app)
  const money = createMoneyPanel(app)
  const exportPanel = createExportPanel(app)
  createSandboxTools()

  async function render() {
    let session = await wallet.sessions.current()
    if (session && session.accountId !== app.user?.accountId) {
      // The backend no longer knows this user (e.g. it restarted): the session cannot be used.
      await wallet.signOut().catch(() => {})
      session = undefined
    }
    showIf('sign-in', !session)
    for (const id of SIGNED_IN_SECTIONS) showIf(id, Boolean(session))
    if (!session) {
      walletPanel.stop()
      money.stop()
      exportPanel.hide()
      await signIn.show()
      return
    }
    await walletPanel.show(session)
    await Promise.all([credentials.load(), sessions.load(), money.load()])
  }

  // After a refusal: the sandbox clock may have moved (an expired challenge), and the session may
  // have been revoked elsewhere; a dead session's key is wiped here instead of failing again.
  onActionFailure(async (error) => {
    await demoClock.sync()
    // The client already forgot a session the service no longer knows: show the sign-in.
    if (isWalletAuthError(error, 'SESSION_EXPIRED')) {
      forgetSessionModes()
      await render()
      showError(error, SESSION_ENDED)
      return
    }
    // The relay refuses a revoked session before the service can (403): check, then wipe.
    if (!isWalletAuthError(error, 'FORBIDDEN', 'NO_SESSION_KEY')) return
    const session = await wallet.sessions.current()
    if (!session?.sessionId) return
    const active = await wallet.sessions.list(session.accountId)
    if (active.some((candidate) => candidate.id === session.sessionId)) return
    await wallet.signOut().catch(() => {})
    forgetSessionModes()
    await render()
    showError(error, SESSION_ENDED)
  })

  modeSelect.addEventListener('change', () => {
    localStorage.setItem(MODE_KEY, sessionMode())
    wallet.dispose()
    connect()
    showStatus(`New sign-ins will use a ${sessionMode()} session key.`)
  })
  byId('clear-activity').addEventListener('click', () => activity.clear())

  const sandbox = config.mode === 'sandbox'
  setText(
    'backend-mode',
    sandbox
      ? 'Backend: the kit’s relay in front of the local sandbox (real cryptography, no real money).'
      : 'Backend: the kit’s relay in front of the configured service.',
  )
  showIf('sandbox-tools', sandbox)
  for (const node of document.querySelectorAll<HTMLElement>('.sandbox-only')) node.hidden = !sandbox

  connect()
  await render()
}

start().catch(showError)
