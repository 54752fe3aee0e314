// The page: the app asks who is signing in, then <wallet-sign-in> offers that wallet's methods.
import './jitlessZod.js'
import { createWalletAuth } from 'embedded-wallet-auth/client'
import { defineWalletElements, type SignInMethod } from 'embedded-wallet-auth/elements'
import { AppError, api } from './appApi.js'
import { createPaymentPanel } from './paymentPanel.js'

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T

// Which OTP signers to trust (the service's by default, in tests the sandbox's), and where the
// page's payment goes (no payment when the backend names no payee).
const { trustedSigners, payTo } = await api<{ trustedSigners?: string[]; payTo?: string }>('/api/config')
const wallet = createWalletAuth({ baseUrl: '/api/wallet', ...(trustedSigners ? { trustedSigners } : {}) })
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

$<HTMLButtonElement>('#add-passkey').addEventListener('click', async () => {
  if (!account) return
  try {
    const optionsJSON = await api<Parameters<typeof wallet.passkey.add>[0]['optionsJSON']>(
      '/api/passkey-options',
      {},
    )
    await wallet.passkey.add({ accountId: account.accountId, nickname: 'This device', optionsJSON })
    homeStatus.textContent = 'Passkey added.'
  } catch (error) {
    // A session that ended meanwhile is shown by <wallet-sign-in>; anything else, here.
    const { code } = error as { code?: string }
    homeStatus.textContent = `The passkey was not added. Try again.${code ? ` Code: ${code}` : ''}`
  }
})
