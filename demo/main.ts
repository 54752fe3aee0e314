// Kit examples: the parts of embedded-wallet-auth a page can run without a service.

import { isWalletAuthError } from '../src/errors.js'
import { createKeyStore } from '../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../src/keys/sessionKey.js'
import { stamp } from '../src/stamp/stamp.js'
import { verifyStamp } from '../src/stamp/verifyStamp.js'

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const status = element('status')
const store = await createKeyStore({ databaseName: 'embedded-wallet-auth-demo' })
element('persistence').textContent =
  store.persistence === 'indexeddb'
    ? 'IndexedDB (survives a reload)'
    : 'memory (IndexedDB is unavailable here)'

let current: SessionKey | undefined = (await store.list())[0]?.key

async function show(key: SessionKey | undefined) {
  element('public-key').textContent = key?.publicKey ?? 'none yet'
  if (!key) {
    element('extractable').textContent = '–'
    return
  }
  // A non-extractable key refuses export: script can sign with it but never read it.
  const exported = await crypto.subtle.exportKey('pkcs8', key.keyPair.privateKey).then(
    () => true,
    () => false,
  )
  element('extractable').textContent = exported ? 'no (exportable!)' : 'yes: export refused'
}

function report(error: unknown) {
  status.textContent = isWalletAuthError(error) ? `${error.message} (${error.code})` : String(error)
}

element('generate').addEventListener('click', async () => {
  try {
    current = await generateSessionKey()
    // A demo key lives 15 minutes, as a service session would.
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString()
    await store.save(current, {
      accountId: 'InternalAccount:demo',
      credentialId: 'AuthMethod:demo',
      type: 'EMAIL_OTP',
      expiresAt,
    })
    status.textContent = ''
    await show(current)
  } catch (error) {
    report(error)
  }
})

element('forget').addEventListener('click', async () => {
  await store.clear()
  current = undefined
  await show(undefined)
  status.textContent = 'Stored keys removed from this browser.'
})

element('stamp').addEventListener('click', async () => {
  if (!current) {
    status.textContent = 'Generate a session key first.'
    return
  }
  try {
    const payload = element<HTMLTextAreaElement>('payload').value
    const header = await stamp(payload, current)
    const decoded = JSON.parse(atob(header.replace(/-/g, '+').replace(/_/g, '/')))
    const { valid } = await verifyStamp(header, payload)
    element('stamp-output').textContent = [
      `Service-Wallet-Signature: ${header}`,
      '',
      `decoded: ${JSON.stringify(decoded, null, 2)}`,
      '',
      `verifies over the exact payload: ${valid ? 'yes' : 'NO'}`,
    ].join('\n')
    status.textContent = ''
  } catch (error) {
    report(error)
  }
})

await show(current)
