// The app page the attacks run against: one page, in either mode (`?mode=page`: keys in the page;
// `?mode=signer`: the signer frame). It signs in by email code and exposes its client as
// `window.app`, the way an app's own code holds it: the attacker, installed first, reaches it too.
import { createWalletAuth } from '../../../src/client/createWalletAuth.js'

interface Me {
  credentialId: string
  accountId: string
  customerId: string
  trustedSigners: string[]
  exportSigners: string[]
  signerUrl: string
}

const mode = new URLSearchParams(location.search).get('mode') === 'page' ? 'page' : 'signer'
const status = document.querySelector('#status') as HTMLElement
const codeField = document.querySelector('#code') as HTMLInputElement

async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return (await response.json()) as T
}

const me = await api<Me>('/api/me')
const wallet =
  mode === 'signer'
    ? createWalletAuth({ signer: { url: me.signerUrl, timeoutMs: 60_000 } })
    : createWalletAuth({
        baseUrl: '/api/wallet',
        trustedSigners: me.trustedSigners,
        exportSigners: me.exportSigners,
      })

// Page-held mode: the person types the code into the page's own field.
const codeFromPage = () =>
  new Promise<string>((resolve) => {
    codeField.hidden = false
    codeField.focus()
    codeField.addEventListener('input', () => codeField.value.length === 6 && resolve(codeField.value))
  })

async function signIn(): Promise<void> {
  await wallet.emailOtp.send(me.credentialId)
  if (wallet.mode === 'signer') await wallet.emailOtp.verify(me.credentialId)
  else await wallet.emailOtp.verify(me.credentialId, await codeFromPage())
  codeField.hidden = true
  status.textContent = 'Signed in'
}

Object.assign(window, { app: { wallet, me, mode, signIn } })
status.textContent = 'Ready'
