// Where a sign-out came from, as the client's `signed-out` event says in `origin`: this page
// (`here`), another tab of the same key store (`elsewhere`), or the service, which no longer knows
// the session (`service`, here: revoked from another device). Elements pick their sentence by it.
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import type { WalletAuthEvent } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/index.js'
import { uniqueDatabaseName } from '../browser/rawIndexedDb.js'
import { createTab, signUpCustomer, type TabOutcome, type TabSetup } from '../browser/tabAgent.js'
import { advanceSandboxClock } from '../elements/elementKit.js'
import { tabCall } from '../elements/signInKit.js'

afterEach(async () => {
  await commands.closeTabs(true)
})
afterAll(async () => {
  await commands.closeTabs()
})

function value<T>(outcome: TabOutcome<T>): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.code}`)
  return outcome.value
}

/** Past the sandbox's 30 s back-off between two code requests of one credential. */
const pastResendBackOff = () => advanceSandboxClock(31_000)

/** This page's tab on a new database for a new customer, with every event it heard. */
async function tabHere() {
  const customer = await signUpCustomer()
  const setup: TabSetup = { databaseName: uniqueDatabaseName(), ...customer }
  const here = createTab(setup)
  const heard: WalletAuthEvent[] = []
  here.wallet.onChange((event) => heard.push(event))
  const signedOut = () => heard.filter((event) => event.type === 'signed-out')
  return { customer, setup, here, signedOut }
}

describe('the signed-out event says where the sign-out came from', () => {
  it('here for this page, elsewhere for another tab', async () => {
    const { customer, setup, here, signedOut } = await tabHere()
    const other = await commands.openTab(setup)
    expect(await commands.tabCall(other, 'publicKey')).toBeNull()

    value(await here.signIn(customer.emailCredentialId))
    value(await here.signOut())
    expect(signedOut()).toEqual([{ type: 'signed-out', origin: 'here' }])

    await pastResendBackOff()
    value(await tabCall(other, 'signIn', customer.emailCredentialId))
    await expect.poll(() => here.publicKey()).not.toBeNull()
    value(await tabCall(other, 'signOut'))
    await expect.poll(() => signedOut().length).toBe(2)
    expect(signedOut()[1]).toEqual({ type: 'signed-out', origin: 'elsewhere' })
    here.wallet.dispose()
  })

  it('elsewhere when a plain key store deletes the key this page holds (no client said so)', async () => {
    const { customer, setup, here, signedOut } = await tabHere()
    const session = value(await here.signIn(customer.emailCredentialId))
    const publicKey = await here.publicKey()
    expect(publicKey).not.toBeNull()
    // Another store on the same database, as another tab's `createKeyStore()` would be: its
    // writes reach this page's client as another tab's do (BroadcastChannel reaches another
    // object in this document as it reaches another tab).
    const plain = await createKeyStore({ databaseName: setup.databaseName })
    await plain.delete(String(publicKey))
    await expect.poll(() => signedOut()).toEqual([{ type: 'signed-out', origin: 'elsewhere' }])
    expect(await here.publicKey()).toBeNull()
    expect(session).toBeDefined()
    here.wallet.dispose()
  })

  it('service when the service no longer knows the session (revoked from another device)', async () => {
    const { customer, setup, here, signedOut } = await tabHere()
    const session = value(await here.signIn(customer.emailCredentialId))
    const sessionId = await here.sessionId()
    expect(session).toBeTruthy()
    // Another device: its own key store, the same customer.
    const device = createTab({ ...setup, databaseName: uniqueDatabaseName() })
    await pastResendBackOff()
    value(await device.signIn(customer.emailCredentialId))
    value(await device.revoke(String(sessionId)))

    // The next signed action here is refused, the service lists the session no more: signed out.
    expect(await here.patch(customer.accountId)).toEqual({ ok: false, code: 'SESSION_EXPIRED' })
    expect(signedOut()).toEqual([{ type: 'signed-out', origin: 'service' }])
    here.wallet.dispose()
    device.wallet.dispose()
  })
})
