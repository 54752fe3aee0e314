// The page: the app asks who is signing in (or signs a new person up: its backend makes their
// customer and wallet on the service), then <wallet-sign-in> offers that wallet's methods.
// The wallet runs in the signer's frame on its own origin: the page holds no key, never sees the
// sign-in code (typed in the signer's box) and cannot answer a confirmation (asked in the signer's
// frame). A payment's SCA code is typed in <wallet-sca-step>: the service takes it in clear.
import './jitlessZod.js'
import { createWalletAuth } from 'embedded-wallet-auth/client'
import { defineWalletElements, type SignInMethod } from 'embedded-wallet-auth/elements'
import { AppError, api } from './appApi.js'
import { createPaymentPanel } from './paymentPanel.js'
import { sayOutcome } from './sayOutcome.js'
import { createSignUpPanel } from './signUpPanel.js'

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T

// Where the signer is (which OTP and export signers it trusts is its own configuration), and where
// the page's payment goes (no payment when the backend names no payee).
const { signerUrl, payTo } = await api<{ signerUrl: string; payTo?: string }>('/api/config')
const wallet = createWalletAuth({ signer: { url: signerUrl } })
defineWalletElements({ client: wallet })

/** The signed-in user, as the backend tells the page (`/api/sign-in`, `/api/sign-up`, `/api/account`). */
interface Account {
  accountId: string
  /** Their customer on the service: a payment's SCA login is the customer's. */
  customerId: string
  methods: SignInMethod[]
  /** Where the backend saw their request come from (the service asks for it in an SCA login). */
  endUserIpAddress?: string
}
const who = $<HTMLFormElement>('#who')
const signIn = $<HTMLElementTagNameMap['wallet-sign-in']>('wallet-sign-in')
const home = $<HTMLElement>('#home')
const homeStatus = $<HTMLElement>('#home-status')
let account: Account | undefined

/** The app knows who this is (signed in or just signed up): their wallet's sign-in comes next. */
function offerSignIn(known: Account) {
  account = known
  signIn.accountId = known.accountId
  signIn.methods = known.methods
  who.hidden = true
  signUp.show(false)
  signIn.hidden = false
}

who.addEventListener('submit', async (event) => {
  event.preventDefault()
  try {
    offerSignIn(await api<Account>('/api/sign-in', { email: $<HTMLInputElement>('#email').value }))
  } catch (error) {
    $<HTMLElement>('#who-error').textContent =
      error instanceof AppError && error.status === 404
        ? 'No wallet for this email. Check it, or create a wallet below.'
        : 'We could not reach the server. Try again in a moment.'
  }
})

const signUp = createSignUpPanel<Account>((created) => {
  $<HTMLElement>('#welcome').textContent =
    'Your wallet is ready. Sign in to it with a code sent to your email.'
  offerSignIn(created)
})
$<HTMLButtonElement>('#show-sign-up').addEventListener('click', () => {
  who.hidden = true
  signUp.show(true)
})
$<HTMLButtonElement>('#show-sign-in').addEventListener('click', () => {
  signUp.show(false)
  who.hidden = false
  $<HTMLInputElement>('#email').focus()
})

const payment = payTo === undefined ? undefined : createPaymentPanel({ wallet, payTo })

signIn.addEventListener('wallet-signed-in', () => {
  $<HTMLElement>('#welcome').textContent = ''
  home.hidden = false
  if (account) payment?.show(account)
})
signIn.addEventListener('wallet-session-ended', async () => {
  home.hidden = true
  sayOutcome(homeStatus, '')
  payment?.hide()
  // A passkey added meanwhile is one more way back in.
  account = await api<Account>('/api/account')
  signIn.methods = account.methods
})

// The passkey is made in the signer's frame, in this same browser: a browser without WebAuthn
// (WebKitGTK) is not offered what cannot work there, nor asked to confirm it first.
const addPasskey = $<HTMLButtonElement>('#add-passkey')
if (!('PublicKeyCredential' in window)) {
  addPasskey.hidden = true
  $<HTMLElement>('#no-passkeys').hidden = false
}
addPasskey.addEventListener('click', async () => {
  if (!account) return
  try {
    const optionsJSON = await api<Parameters<typeof wallet.passkey.add>[0]['optionsJSON']>(
      '/api/passkey-options',
      {},
    )
    // The signer asks the person to confirm, then runs the ceremony on its origin.
    await wallet.passkey.add({ accountId: account.accountId, nickname: 'This device', optionsJSON })
    sayOutcome(homeStatus, 'Passkey added.')
  } catch (error) {
    // A session that ended meanwhile is shown by <wallet-sign-in>; anything else, here.
    const { code } = error as { code?: string }
    if (code === 'CONFIRMATION_DECLINED') sayOutcome(homeStatus, 'Cancelled: no passkey was added.')
    else sayOutcome(homeStatus, 'The passkey was not added. Try again.', code)
  }
})
