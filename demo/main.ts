// The QA demo page: every flow of the kit on the elements of `embedded-wallet-auth/elements` and
// `createWalletAuth`, as an integrator's page would be, against the demo backend (the kit's relay)
// and the sandbox or a real service behind it.
import './jitlessZod.js'
import { createWalletAuth } from '../src/client/index.js'
import type { WalletAuthEvent } from '../src/client/sessionState.js'
import { defineWalletElements, walletElementTags } from '../src/elements/index.js'
import type { WalletElement } from '../src/elements/walletElement.js'
import { isWalletAuthError } from '../src/errors.js'
import { createKeyStore } from '../src/keys/createKeyStore.js'
import type { FramedWalletAuthEvent } from '../src/signer-client/index.js'
import { createActivityDrawer } from './activityDrawer.js'
import { createActivityLog } from './activityLog.js'
import { createCredentialsPanel } from './credentialsPanel.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, type DemoWallet, onActionFailure, type SessionMode } from './demoApp.js'
import { demoClock } from './demoClock.js'
import { demoMessageOverrides } from './demoMessages.js'
import { byId, setText, showIf } from './dom.js'
import { methodName } from './friendlyNames.js'
import { createHistoryPanel } from './historyPanel.js'
import { createIncomingPanel } from './incomingPanel.js'
import { keysMode } from './keysMode.js'
import { createMoneyPanel } from './moneyPanel.js'
import { addFeedbackRegions, clearNotices, showError, showStatus } from './notices.js'
import { createSandboxTools } from './sandboxTools.js'
import { createScaPanel } from './scaPanel.js'
import { forgetSessionModes, rememberSessionMode } from './sessionModeMemory.js'
import { modeChosen, modeHint, SIGNER_MODE_HINT } from './sessionModeWords.js'
import { createSessionsPanel } from './sessionsPanel.js'
import { createSignInPanel } from './signInPanel.js'
import { createWalletPanel } from './walletPanel.js'

const SIGNED_IN_SECTIONS = [
  'wallet',
  'credentials-panel',
  'sessions-panel',
  'money',
  'history-panel',
  'export-panel',
]
const MODE_KEY = 'embedded-wallet-auth-demo:session-mode'
const SESSION_REVOKED = 'Your session ended: it was revoked from another browser. Sign in again to continue.'

/** Shows the signed-in sections or the sign-in (at once, before anything is loaded). */
function showView(signedIn: boolean) {
  showIf('sign-in', !signedIn)
  for (const id of SIGNED_IN_SECTIONS) showIf(id, signedIn)
}

async function start() {
  const config = await demoApi.config()
  demoClock.adopt(config.now)
  const keyStore = await createKeyStore({ now: demoClock.now })
  addFeedbackRegions()
  const drawer = createActivityDrawer()
  const activityList = byId<HTMLOListElement>('activity')
  const activity = createActivityLog(activityList, config.signatureHeader)
  new MutationObserver(() => drawer.count(activityList.children.length)).observe(activityList, {
    childList: true,
  })
  const keys = keysMode(config)
  const modeSelect = byId<HTMLSelectElement>('session-mode')
  modeSelect.value = localStorage.getItem(MODE_KEY) === 'sealed' ? 'sealed' : 'client-held'
  // In signer mode the signer's deployment chooses how session keys are made, not the page.
  const sessionMode = () => (keys.signerUrl ? 'client-held' : (modeSelect.value as SessionMode))
  for (const node of document.querySelectorAll<HTMLElement>('[data-keys-in-page]'))
    node.hidden = !!keys.signerUrl
  setText('session-mode-hint', keys.signerUrl ? SIGNER_MODE_HINT : modeHint(sessionMode()))

  let wallet: DemoWallet
  const app: DemoApp = { config, keyStore, wallet: () => wallet, user: config.user, render }

  // The page hears the session before its elements (its listener is added first): the sign-in is
  // on screen by the time <wallet-sign-in> says why the session ended and takes the focus.
  const followSession = (event: WalletAuthEvent | FramedWalletAuthEvent) => {
    if (event.type === 'signed-out' || event.type === 'expired') {
      showView(false)
      money.stop()
      sca.stop()
      history.stop()
      incoming.stop()
      if (event.type === 'signed-out') forgetSessionModes()
      void render()
    } else if (event.type === 'signed-in' || event.type === 'refreshed') {
      // In signer mode the person typed the code in the signer's frame: its dialog had the focus.
      const inSigner = wallet.mode === 'signer' && document.activeElement === wallet.frame
      const focusWasHere = !document.activeElement || document.activeElement === document.body || inSigner
      // Only a sign-in from the sign-in view: a session that replaces one (an SMS method turned on)
      // leaves the focus where the person acted.
      const fromSignIn =
        !byId('sign-in').hidden && (byId('sign-in').contains(document.activeElement) || focusWasHere)
      void render().then(() => {
        if (event.type !== 'signed-in' || byId('sign-in').hidden === false) return
        showStatus(byId('wallet'), `Signed in with ${methodName(event.session.type).toLowerCase()}.`)
        // Focus follows the step: from the sign-in to the wallet it opened.
        if (fromSignIn) byId('wallet-heading').focus()
      })
    }
  }

  const elements = () => document.querySelectorAll<WalletElement>(Object.keys(walletElementTags).join(', '))

  const connect = () => {
    wallet = keys.signerUrl
      ? // The signer frame holds the keys and calls the relay itself; the page's clock is for its
        // countdowns.
        createWalletAuth({ signer: { url: keys.signerUrl }, now: demoClock.now })
      : createWalletAuth({
          baseUrl: '/api/wallet',
          keyStore,
          fetch: activity.fetch,
          now: demoClock.now,
          sessionMode: sessionMode(),
          headerName: config.signatureHeader,
          ...(config.trustedSigners ? { trustedSigners: config.trustedSigners } : {}),
          ...(config.exportSigners ? { exportSigners: config.exportSigners } : {}),
        })
    wallet.onChange(followSession)
    for (const element of elements()) element.client = wallet
    return wallet
  }

  defineWalletElements({ client: connect(), messages: demoMessageOverrides })
  // The signer frame calls the relay itself: the backend's log of it stands in for the page's.
  if (keys.signerUrl) activity.follow(demoApi.activity)

  const signIn = createSignInPanel(app)
  const walletPanel = createWalletPanel(app, sessionMode)
  const credentials = createCredentialsPanel(app, signIn.setMethods)
  const sessions = createSessionsPanel(app)
  const history = createHistoryPanel(app)
  const money = createMoneyPanel(app, () => history.refresh())
  // A decided incoming payment moved money (or not): the balance and the history are read again.
  const incoming = createIncomingPanel(app, () => {
    void money.load().catch(() => {})
    history.refresh()
  })
  const sca = createScaPanel(app)
  // Time moved for the whole demo world: the session is read on the moved clock at once (the
  // client says `expired` if it has ended), and the quote shown is read again.
  createSandboxTools(() => {
    void endedOnTheMovedClock()
    money.refreshQuote()
    void incoming.refresh().catch(() => {})
  })

  // The page-held client reads its session on the demo's clock and says `expired` itself. The
  // signer keeps the device's clock: when the moved clock says the session ended, the signer is
  // asked to refresh it, which the service refuses, and the signer ends it and says so.
  async function endedOnTheMovedClock() {
    const session = await wallet.sessions.current()
    if (wallet.mode !== 'signer' || !session || Date.parse(session.expiresAt) > demoClock.now()) return
    await wallet.sessions.refresh().catch(() => {})
  }

  // Sessions made by the elements: which key mode made them (OTP sessions are always client-held).
  signIn.element.addEventListener('wallet-signed-in', (event) => {
    const { session } = event.detail
    const otp = session.type === 'EMAIL_OTP' || session.type === 'SMS_OTP'
    rememberSessionMode(session.key.publicKey, otp ? 'client-held' : sessionMode())
  })
  byId('sms-otp').addEventListener('wallet-signed-in', (event) => {
    rememberSessionMode(event.detail.session.key.publicKey, 'client-held')
  })

  let rendering: Promise<void> | undefined
  let again = false
  // One render at a time; a request during one runs once more after it.
  function render(): Promise<void> {
    if (rendering) {
      again = true
      return rendering
    }
    rendering = (async () => {
      do {
        again = false
        await renderOnce()
      } while (again)
    })().finally(() => {
      rendering = undefined
    })
    return rendering
  }

  async function renderOnce() {
    let session = await wallet.sessions.current()
    if (session && session.accountId !== app.user?.accountId) {
      // The backend no longer knows this user (e.g. it restarted): the session cannot be used.
      await wallet.signOut().catch(() => {})
      session = undefined
    }
    showView(Boolean(session))
    if (!session) {
      await signIn.show()
      return
    }
    signIn.element.accountId = session.accountId
    await walletPanel.show(session)
    history.show()
    await Promise.all([credentials.load(), sessions.load(), money.load(), sca.load(), incoming.load()])
  }

  // After a refusal (of the page's own buttons or of an element): the sandbox clock may have moved
  // (an expired challenge), and the session may have been revoked elsewhere. The kit ends a session
  // the service refuses to refresh; a refusal it cannot tell apart (403 from an integrator's own
  // check, a key gone from this browser) the page checks: it wipes the dead key instead of failing
  // again, and says so at the sign-in.
  const afterFailure = async (error: unknown) => {
    await demoClock.sync()
    if (!isWalletAuthError(error, 'FORBIDDEN', 'NO_SESSION_KEY')) return
    const session = await wallet.sessions.current()
    if (!session?.sessionId) return
    const active = await wallet.sessions.list(session.accountId)
    if (active.some((candidate) => candidate.id === session.sessionId)) return
    await wallet.signOut().catch(() => {})
    await render()
    showError(byId('methods'), error, SESSION_REVOKED, false)
  }
  onActionFailure(afterFailure)
  document.addEventListener('wallet-error', (event) => void afterFailure(event.detail.error).catch(() => {}))

  modeSelect.addEventListener('change', () => {
    localStorage.setItem(MODE_KEY, sessionMode())
    wallet.dispose()
    // Every element gets the new client (<wallet-sign-in> hands it to the method it shows).
    connect()
    setText('session-mode-hint', modeHint(sessionMode()))
    showStatus(modeSelect, modeChosen(sessionMode()))
  })
  // An element's button is a new action too: the page's old sentences go, so that "Quote ready"
  // never stands beside "The payment failed".
  document.addEventListener('click', (event) => {
    const [target] = event.composedPath()
    const inElement = target instanceof HTMLButtonElement && target.getRootNode() instanceof ShadowRoot
    if (inElement) clearNotices()
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

  await render()
}

start().catch((error) => showError(null, error))
