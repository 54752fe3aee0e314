// The app page the attacks run against: one page, in either mode (`?mode=page`: keys in the page;
// `?mode=signer`: the signer frame). It signs in by email code and exposes its client as
// `window.app`, the way an app's own code holds it: the attacker, installed first, reaches it too.
// `?mode=page&confirm=page`: the client asks the person in a panel the page draws itself (the
// kit's own, over the whole viewport like the signer's frame), for the clickjacking controls.
import { createWalletAuth } from '../../../src/client/createWalletAuth.js'
import { askToConfirm } from '../../../src/elements/askToConfirm.js'
import { defaultMessages } from '../../../src/elements/messages.js'
import type { PayloadDescription } from '../../../src/intent/describePayload.js'

interface Me {
  credentialId: string
  accountId: string
  customerId: string
  trustedSigners: string[]
  exportSigners: string[]
  signerUrl: string
}

const query = new URLSearchParams(location.search)
const mode = query.get('mode') === 'page' ? 'page' : 'signer'
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

// The page's own confirmation: a layer over the whole viewport, shown while it asks.
function confirmInPage(description: PayloadDescription): Promise<boolean> {
  const layer = document.createElement('div')
  layer.id = 'page-confirm'
  const look = { position: 'fixed', inset: '0', width: '100%', height: '100%', 'z-index': '2147483647' }
  for (const [name, value] of Object.entries(look)) layer.style.setProperty(name, value)
  const container = document.createElement('div')
  container.style.setProperty('margin', '30vh auto')
  container.style.setProperty('max-width', '24rem')
  container.style.setProperty('background', 'white')
  layer.append(container)
  document.body.append(layer)
  return askToConfirm({ host: layer, container, description, messages: defaultMessages }).finally(() =>
    layer.remove(),
  )
}

const me = await api<Me>('/api/me')
const wallet =
  mode === 'signer'
    ? createWalletAuth({ signer: { url: me.signerUrl, timeoutMs: 60_000 } })
    : createWalletAuth({
        baseUrl: '/api/wallet',
        trustedSigners: me.trustedSigners,
        exportSigners: me.exportSigners,
        ...(query.get('confirm') === 'page' ? { confirm: confirmInPage } : {}),
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
