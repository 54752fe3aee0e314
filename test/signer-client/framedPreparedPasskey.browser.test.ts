// A passkey sign-in prepared in signer mode when the page's clock and the signer frame's disagree,
// as in the demo once its sandbox clock moved: the page follows the sandbox's time, the signer
// frame keeps the device's. The signer's own method answers (a real client on the relay and the
// sandbox, a CDP virtual authenticator), the page reads the answer on its clock: the challenge is
// usable until about five minutes from now there, and <wallet-passkey-button> signs in with the one
// challenge it fetched instead of taking it for lapsed and asking again (429 RATE_LIMITED).
import { beforeEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { ElementClient } from '../../src/elements/elementClient.js'
import type { SignerIo } from '../../src/signer/signerMethods.js'
import { SIGNER_METHODS } from '../../src/signer/signerMethods.js'
import type { SessionView } from '../../src/signer-client/createFramedWalletAuth.js'
import {
  framedPreparedPasskey,
  type PreparedPasskeyAnswer,
} from '../../src/signer-client/framedPreparedPasskey.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'
import { customerWithPasskey, type ElementCustomer, mount, shadowOf } from '../elements/elementKit.js'

// How far the sandbox's clock is moved: past a challenge's five minutes, as the demo's tools do.
const MOVED_MS = 12 * 60_000
const CHALLENGE_LIFE_MS = 5 * 60_000

let removeAuthenticator: () => Promise<unknown>
beforeEach(async () => {
  removeAuthenticator = await addVirtualAuthenticator()
  return () => removeAuthenticator()
})

/** Moves the sandbox's clock by `advanceMs`; answers a clock that follows it, as the demo's page's does. */
async function moveSandboxClock(advanceMs: number): Promise<() => number> {
  const response = await fetch('/api/test/clock', { method: 'POST', body: JSON.stringify({ advanceMs }) })
  const { now } = (await response.json()) as { now: number }
  const offset = now - Date.now()
  return () => Date.now() + offset
}

/**
 * The page's side of the signer's channel for `customer`'s client: each call runs the signer's own
 * method, and what it answers crosses as postMessage would carry it (a structured clone).
 */
function signerChannel(customer: ElementCustomer) {
  const io = { prepared: new Map() } as Pick<SignerIo, 'prepared'> as SignerIo
  const methods: string[] = []
  const call = async (method: string, args: readonly unknown[]) => {
    methods.push(method)
    const run = SIGNER_METHODS[method]
    if (!run) throw new Error(`No signer method ${method}`)
    return structuredClone(await run(customer.wallet, [...args], io))
  }
  return { call, methods }
}

/** The page's `passkey.prepare` in signer mode, on the page's clock `now`. */
function pagePrepare(call: ReturnType<typeof signerChannel>['call'], now: () => number) {
  return async (credentialId: string, options: { accountId: string }) => {
    const askedAt = now()
    const answer = (await call('passkey.prepare', [credentialId, options])) as PreparedPasskeyAnswer
    return framedPreparedPasskey<SessionView>({ call, answer, askedAt })
  }
}

describe('a passkey sign-in prepared by the signer, read on the page clock', () => {
  it("ends about five minutes from the page's now when the page's clock follows a moved sandbox", async () => {
    const customer = await customerWithPasskey()
    const pageNow = await moveSandboxClock(MOVED_MS)
    const { call, methods } = signerChannel(customer)

    const before = pageNow()
    const prepared = await pagePrepare(call, pageNow)(customer.passkey.id, { accountId: customer.accountId })
    const after = pageNow()
    // Usable now on the page's clock, and never past five minutes from when the page asked.
    expect(prepared.expiresAt).toBeGreaterThan(after + CHALLENGE_LIFE_MS - 60_000)
    expect(prepared.expiresAt).toBeLessThanOrEqual(before + CHALLENGE_LIFE_MS)
    expect(prepared.used).toBe(false)

    const session = await prepared.signIn()
    expect(session).toMatchObject({ type: 'PASSKEY', credentialId: customer.passkey.id })
    expect(prepared.used).toBe(true)
    expect(methods).toEqual(['passkey.prepare', 'passkey.runPrepared'])
  })

  it('lets <wallet-passkey-button> sign in with the one challenge it fetched, not ask again (429)', async () => {
    const customer = await customerWithPasskey()
    const pageNow = await moveSandboxClock(MOVED_MS)
    const { call, methods } = signerChannel(customer)
    // The page's client in signer mode: the page's clock, passkey sign-ins prepared by the signer.
    const pageClient = {
      ...customer.wallet,
      mode: 'signer',
      confirm: undefined,
      now: pageNow,
      passkey: { ...customer.wallet.passkey, prepare: pagePrepare(call, pageNow) },
    } as unknown as ElementClient
    const heard: string[] = []
    const element = mount('wallet-passkey-button', {
      client: pageClient,
      credentialId: customer.passkey.id,
      accountId: customer.accountId,
      rpId: 'localhost',
    })
    for (const type of ['wallet-signed-in', 'wallet-error'])
      element.addEventListener(type, () => heard.push(type))
    // Prepared ahead of the click, as the button does when it connects.
    await expect.poll(() => methods).toEqual(['passkey.prepare'])
    const button = shadowOf(element).querySelector('button') as HTMLButtonElement
    await expect.element(button).toBeEnabled()

    await userEvent.click(button)
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual(['wallet-signed-in'])
    expect(methods).toEqual(['passkey.prepare', 'passkey.runPrepared'])
    expect(await customer.wallet.sessions.current()).toMatchObject({ type: 'PASSKEY' })
  })
})
