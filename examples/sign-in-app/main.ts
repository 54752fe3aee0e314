// The page: the app asks who is signing in, then <wallet-sign-in> offers that wallet's methods.
// The wallet runs in the signer's frame on its own origin: the page holds no key, never sees the
// code (typed in the signer's box) and cannot answer a confirmation (asked in the signer's frame).
import './jitlessZod.js'
import { createWalletAuth } from 'embedded-wallet-auth/client'
import { defineWalletElements, type SignInMethod } from 'embedded-wallet-auth/elements'
import { AppError, api } from './appApi.js'
import { createPaymentPanel } from './paymentPanel.js'

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T

// Where the signer is (which OTP and export signers it trusts is its own configuration), and where
// the page's payment goes (no payment when the backend names no payee).
const { signerUrl, payTo } = await api<{ signerUrl: string; payTo?: string }>('/api/config')
const wallet = createWalletAuth({ signer: { url: signerUrl } })
defineWalletElements({ client: wallet })

interface Account {
  accountId: string
  methods: SignInMethod[]
}
const who = $<HTMLFormElement>('#who')
const signIn = $<HTMLElementTagNameMap['wallet-sign-in']>('wallet-sign-in')
const home = $<HTMLElement>('#home')
const homeStatus = $<HTMLElement>('#home-status')
let account: Account | undefined

who.addEventListener('submit', async (event) => {
  event.preventDefault()
  try {
    account = await api<Account>('/api/sign-in', { email: $<HTMLInputElement>('#email').value })
  } catch (error) {
    $<HTMLElement>('#who-error').textContent =
      error instanceof AppError && error.status === 404
        ? 'No wallet for this email.'
        : 'We could not reach the server. Try again in a moment.'
    return
  }
  signIn.accountId = account.accountId
  signIn.methods = account.methods
  who.hidden = true
  signIn.hidden = false
})

const payment = payTo === undefined ? undefined : createPaymentPanel({ wallet, payTo })

signIn.addEventListener('wallet-signed-in', () => {
  home.hidden = false
  if (account) payment?.show(account.accountId)
})
signIn.addEventListener('wallet-session-ended', async () => {
  home.hidden = true
  homeStatus.textContent = ''
  payment?.hide()
  // A passkey added meanwhile is one more way back in.
  signIn.methods = (await api<Account>('/api/account')).methods
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
    homeStatus.textContent = 'Passkey added.'
  } catch (error) {
    // A session that ended meanwhile is shown by <wallet-sign-in>; anything else, here.
    const { code } = error as { code?: string }
    homeStatus.textContent =
      code === 'CONFIRMATION_DECLINED'
        ? 'Cancelled: no passkey was added.'
        : `The passkey was not added. Try again.${code ? ` Code: ${code}` : ''}`
  }
})
