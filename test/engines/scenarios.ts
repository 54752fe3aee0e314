// The scenarios every engine runs: what users' browsers must do for the kit to work at all.
import { defineWalletElements } from '../../src/elements/index.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { stamp, verifyStamp } from '../../src/stamp/index.js'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { faultyIndexedDB } from '../browser/faultyIndexedDb.js'
import { createTab, signUpCustomer } from '../browser/tabAgent.js'
import { checkAccessible } from './checkAccessible.js'
import { checkEqual } from './checkEqual.js'
import { deepQuery } from './deepQuery.js'
import type { Scenario } from './scenario.js'
import { signUp, walletFor } from './testBackend.js'
import { transactionList } from './transactionListScenario.js'
import { waitUntil } from './waitUntil.js'

const HOUR_MS = 3_600_000

async function checkSigns(key: SessionKey, what: string) {
  const message = `{"payloadToSign":"${what}"}`
  const expected = { valid: true, publicKey: key.publicKey }
  checkEqual(await verifyStamp(await stamp(message, key), message), expected, `${what}: its stamp verifies`)
}

const keyStoreAcrossReload: Scenario = {
  name: 'key store: a non-extractable key persisted in IndexedDB is read back after a reload',
  steps: [
    async () => {
      const databaseName = `engines-${crypto.randomUUID()}`
      const store = await createKeyStore({ databaseName })
      checkEqual(store.persistence, 'indexeddb', 'the key store persists')
      const key = await generateSessionKey()
      await store.save(key, {
        accountId: `InternalAccount:${crypto.randomUUID()}`,
        credentialId: 'credential-1',
        type: 'EMAIL_OTP',
        expiresAt: new Date(Date.now() + HOUR_MS).toISOString(),
      })
      return { databaseName, publicKey: key.publicKey }
    },
    async (input) => {
      const { databaseName, publicKey } = input as { databaseName: string; publicKey: string }
      const session = await (await createKeyStore({ databaseName })).get(publicKey)
      if (!session) throw new Error('the key saved before the reload is gone')
      const { privateKey } = session.key.keyPair
      checkEqual(privateKey.extractable, false, 'the key read back is non-extractable')
      const exported = await crypto.subtle.exportKey('jwk', privateKey).then(
        () => 'exported',
        (error: unknown) => (error as DOMException).name,
      )
      checkEqual(exported, 'InvalidAccessError', 'exporting the key read back')
      checkEqual(session.key.publicKey, publicKey, 'the key read back')
      await checkSigns(session.key, 'the key read back')
    },
  ],
}

const keyStoreFallback: Scenario = {
  name: 'key store: no IndexedDB, a refused open or a full quota falls back to memory, where sign-in works',
  steps: [
    async () => {
      const stores = [
        createKeyStore({ indexedDB: null }),
        createKeyStore({
          indexedDB: faultyIndexedDB({ openThrows: new DOMException('Private mode.', 'SecurityError') })
            .indexedDB,
        }),
        createKeyStore({
          databaseName: `engines-${crypto.randomUUID()}`,
          indexedDB: faultyIndexedDB({ quotaExceeded: true }).indexedDB,
        }),
      ]
      const outcomes = await Promise.all(
        stores.map(async (keyStore) => {
          const { persistence, fallbackCause } = await keyStore
          return [persistence, fallbackCause?.code ?? null]
        }),
      )
      checkEqual(
        outcomes,
        [
          ['memory', null],
          ['memory', 'STORAGE_FAILED'],
          ['memory', 'STORAGE_QUOTA_EXCEEDED'],
        ],
        'each store and why it is in memory',
      )
      const customer = await signUp()
      const wallet = walletFor(customer, stores[2])
      await wallet.emailOtp.send(customer.emailCredentialId)
      await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
      const methods = await wallet.credentials.list(customer.accountId)
      checkEqual(methods.length, 1, 'a signed call by the key held in memory')
    },
  ],
}

const stampVerifies: Scenario = {
  name: 'a stamp by a fresh session key verifies',
  steps: [
    async () => {
      const key = await generateSessionKey()
      const message = '{"payloadToSign":"engines"}'
      checkEqual(
        await verifyStamp(await stamp(message, key), message),
        { valid: true, publicKey: key.publicKey },
        'the stamp verifies',
      )
      checkEqual(
        (await verifyStamp(await stamp(message, key), `${message} `)).valid,
        false,
        'the stamp of another message',
      )
    },
  ],
}

const signedRetryWithBody: Scenario = {
  name: 'signed-retry fetch: a JSON body is sent again, signed, after the 202 challenge',
  steps: [
    async () => {
      const customer = await signUp()
      const url = `/api/wallet/auth/credentials/${customer.emailCredentialId}`
      const challenge = await customer.asCustomer(`${url}/challenge`, { method: 'POST' })
      checkEqual(challenge.status, 200, 'the OTP challenge is answered')
      const { otpEncryptionTargetBundle } = await challenge.json()
      const pendingKey = await generateSessionKey()
      const encryptedOtpBundle = await encryptOtp({
        otpCode: '000000',
        targetBundle: otpEncryptionTargetBundle,
        publicKey: pendingKey.publicKey,
        trustedSigners: [customer.signerPublicKey],
      })
      const body = JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle })
      const sent: Array<{ body: string; signed: boolean }> = []
      const recording: typeof fetch = async (input, init) => {
        const request = new Request(input, init)
        sent.push({
          body: await request.clone().text(),
          signed: request.headers.has(WALLET_SIGNATURE_HEADER),
        })
        return customer.asCustomer(request)
      }
      const verify = await withWalletSignature(recording, { getKey: () => pendingKey })(`${url}/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
      checkEqual(verify.status, 200, 'the signed retry is answered')
      checkEqual(
        sent,
        [
          { body, signed: false },
          { body, signed: true },
        ],
        'the requests sent',
      )
      const { key } = await sessionFromAuthSession({
        response: await verify.json(),
        pendingKey,
        credential: {
          credentialId: customer.emailCredentialId,
          accountId: customer.accountId,
          type: 'EMAIL_OTP',
        },
      })
      checkEqual(key.publicKey, pendingKey.publicKey, 'the session is the pending key')
    },
  ],
}

const emailSignIn: Scenario = {
  name: 'email-OTP sign-in through the client, then a signed call',
  steps: [
    async () => {
      const customer = await signUp()
      const wallet = walletFor(customer)
      await wallet.emailOtp.send(customer.emailCredentialId)
      const session = await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
      checkEqual(session.type, 'EMAIL_OTP', 'the session')
      const methods = await wallet.credentials.list(customer.accountId)
      checkEqual(
        methods.map((method) => method.type),
        ['EMAIL_OTP'],
        'the credentials listed by a signed call',
      )
    },
  ],
}

const elementSignIn: Scenario = {
  name: '<wallet-sign-in>: an email-code sign-in, accessible (axe-core) at each step',
  steps: [
    async () => {
      const customer = await signUp()
      defineWalletElements()
      const signIn = Object.assign(document.createElement('wallet-sign-in'), {
        client: walletFor(customer),
        accountId: customer.accountId,
        // Two methods, so that the list shows (with one, the element goes straight to it).
        methods: [
          { id: customer.emailCredentialId, type: 'EMAIL_OTP' as const, nickname: 'k@example.com' },
          { id: 'AuthMethod:email-2', type: 'EMAIL_OTP' as const, nickname: 'k2@example.com' },
        ],
      })
      const signedIn: string[] = []
      signIn.addEventListener('wallet-signed-in', (event) => signedIn.push(event.detail.session.credentialId))
      document.body.appendChild(signIn)
      const method = await waitUntil(
        () =>
          signIn.shadowRoot?.querySelector<HTMLElement>(
            `[part="method"][data-id="${customer.emailCredentialId}"]`,
          ),
        {
          what: 'the email method',
        },
      )
      await checkAccessible(signIn, 'the method list')
      method.click()
      const field = await waitUntil(
        () => deepQuery<HTMLInputElement>(document, 'input[autocomplete="one-time-code"]'),
        {
          what: 'the code field',
        },
      )
      await checkAccessible(signIn, 'the code step')
      field.value = '000000'
      field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: '000000' }))
      await waitUntil(() => (signIn.view === 'signed-in' ? true : undefined), { what: 'the signed-in view' })
      checkEqual(signedIn, [customer.emailCredentialId], 'wallet-signed-in')
      await checkAccessible(signIn, 'the signed-in view')
    },
  ],
}

const signedInElements: Scenario = {
  name: 'the signed-in elements and the confirmation panel, accessible (axe-core)',
  steps: [
    async () => {
      const customer = await signUp()
      const wallet = walletFor(customer)
      await wallet.emailOtp.send(customer.emailCredentialId)
      await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
      defineWalletElements()
      const status = Object.assign(document.createElement('wallet-session-status'), { client: wallet })
      const adding = Object.assign(document.createElement('wallet-otp-form'), {
        client: wallet,
        channel: 'sms' as const,
        accountId: customer.accountId,
      })
      adding.adding = true
      const reveal = Object.assign(document.createElement('wallet-export-reveal'), { client: wallet })
      document.body.append(status, adding, reveal)
      await waitUntil(
        () => status.shadowRoot?.querySelector<HTMLElement>('[part="countdown"]:not([hidden])'),
        {
          what: 'the session countdown',
        },
      )
      await checkAccessible(status, 'the session status')
      await waitUntil(() => adding.shadowRoot?.querySelector('input[type="tel"]'), {
        what: 'the phone field',
      })
      await checkAccessible(adding, 'the OTP form asking for a phone number')
      await checkAccessible(reveal, 'the export, before anything is shown')
      // The export's one question: its signature's confirmation panel (the app has no confirm).
      reveal.shadowRoot?.querySelector<HTMLButtonElement>('[part~="start"]')?.click()
      const cancel = await waitUntil(
        () => reveal.shadowRoot?.querySelector<HTMLButtonElement>('[part~="cancel-button"]'),
        { what: 'the confirmation panel' },
      )
      await checkAccessible(reveal, 'the confirmation panel')
      cancel.click()
      await waitUntil(() => reveal.shadowRoot?.querySelector('[part~="start"]'), {
        what: 'the export back at its start',
      })
    },
  ],
}

const signOutAcrossDocuments: Scenario = {
  name: 'two documents on one key store: a sign-in in one is seen by the other, a sign-out there ends it here',
  steps: [
    async () => {
      const customer = await signUpCustomer()
      const setup = { ...customer, databaseName: `engines-${crypto.randomUUID()}` }
      const here = createTab(setup)
      // Another document of the origin (a same-origin frame of this page), with its own kit.
      const frame = document.body.appendChild(document.createElement('iframe'))
      frame.src = `${location.pathname}?other-document`
      const other = await waitUntil(() => frame.contentWindow?.engineCreateTab, {
        what: 'the other document',
      })
      const there = other(setup)
      checkEqual([await here.publicKey(), await there.publicKey()], [null, null], 'both read the empty store')

      const signedIn = await here.signIn(customer.emailCredentialId)
      if (!signedIn.ok) throw new Error(`the sign-in failed: ${signedIn.code}`)
      await waitUntil(async () => ((await there.events()).includes('signed-in') ? true : undefined), {
        what: 'the other document to hear the sign-in',
      })
      checkEqual(await there.publicKey(), signedIn.value, 'the key the other document signs with')
      checkEqual(await there.patch(customer.accountId), { ok: true, value: 200 }, 'its signed action')

      checkEqual((await there.signOut()).ok, true, 'the sign-out there')
      await waitUntil(async () => ((await here.events()).at(-1) === 'signed-out' ? true : undefined), {
        what: 'this document to hear the sign-out',
      })
      checkEqual(await here.publicKey(), null, 'the key here after the sign-out')
      const refused = await here.patch(customer.accountId)
      checkEqual(
        !refused.ok && ['NO_SESSION_KEY', 'SESSION_EXPIRED'].includes(refused.code),
        true,
        `a signed action here is refused (${JSON.stringify(refused)})`,
      )
      await Promise.all([here.dispose(), there.dispose()])
    },
  ],
}

const passkeyButtonWithoutWebAuthn: Scenario = {
  name: 'the passkey button says this browser has no WebAuthn, accessible (axe-core)',
  engines: ['webkit'],
  steps: [
    async () => {
      checkEqual(typeof globalThis.PublicKeyCredential, 'undefined', 'WebAuthn in this engine')
      const customer = await signUp()
      defineWalletElements({ client: walletFor(customer) })
      const parent = document.body.appendChild(document.createElement('div'))
      const unavailable: unknown[] = []
      parent.addEventListener('wallet-unavailable', (event) =>
        unavailable.push((event as CustomEvent<{ error: { code: string } }>).detail.error.code),
      )
      const button = Object.assign(document.createElement('wallet-passkey-button'), {
        credentialId: 'AuthMethod:00000000-0000-0000-0000-000000000000',
        accountId: customer.accountId,
        allowCredentials: ['AAAA'],
      })
      parent.appendChild(button)
      const root = button.shadowRoot
      checkEqual(unavailable, ['PASSKEY_NOT_SUPPORTED'], 'the events fired')
      checkEqual(root?.querySelector('button')?.disabled, true, 'the button is disabled')
      const said = root?.querySelector('[role="status"]')?.textContent ?? ''
      checkEqual(said.length > 0, true, 'the status region says why')
      await checkAccessible(button, 'the unavailable passkey button')
    },
  ],
}

const passkeyWithVirtualAuthenticator: Scenario = {
  name: 'passkey: added after an email sign-in, then signed in with (virtual authenticator)',
  engines: ['firefox'],
  steps: [
    async () => {
      const customer = await signUp()
      const wallet = walletFor(customer)
      const { accountId } = customer
      await wallet.emailOtp.send(customer.emailCredentialId)
      await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
      const options = await fetch('/api/test/passkey-options', {
        method: 'POST',
        body: JSON.stringify({ name: 'katherine', accountId }),
      })
      const passkey = await wallet.passkey.add({
        accountId,
        nickname: 'Firefox',
        optionsJSON: await options.json(),
      })
      checkEqual(passkey.type, 'PASSKEY', 'the credential added')
      await wallet.signOut()
      const session = await wallet.passkey.signIn(passkey.id, {
        accountId,
        rpId: 'localhost',
        allowCredentials: [String(passkey.credentialId)],
      })
      checkEqual([session.type, session.credentialId], ['PASSKEY', passkey.id], 'the passkey session')
    },
  ],
}

/**
 * Every cross-engine scenario, in the order they run.
 *
 * @example
 * ```ts
 * for (const scenario of SCENARIOS) console.log(scenario.name)
 * ```
 */
export const SCENARIOS: readonly Scenario[] = [
  keyStoreAcrossReload,
  keyStoreFallback,
  stampVerifies,
  signedRetryWithBody,
  emailSignIn,
  elementSignIn,
  signedInElements,
  signOutAcrossDocuments,
  passkeyButtonWithoutWebAuthn,
  passkeyWithVirtualAuthenticator,
  transactionList,
]
