// The service's own embedded-wallet walkthrough (its repository's scripts/README.md: onboarding,
// on-ramp, OTP sign-in, off-ramp), replayed against the sandbox over HTTP with only the base URL,
// the credentials and the signature header's name changed. The signing steps use the same libraries
// as the walkthrough's helper script (@turnkey/crypto for the OTP bundle with an uncompressed TEK,
// @turnkey/api-key-stamper for the stamp), so the kit plays no part: this is what an integrator
// following the service's guide sends.

import { generateKeyPairSync } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { formatHpkeBuf, hpkeEncrypt } from '@turnkey/crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { createSandbox, type Sandbox, type SandboxServer } from '../../src/sandbox/index.js'
import { contractFetch } from '../contract/contractFetch.js'

const HEADER = 'Grid-Wallet-Signature'
const TERMINAL = ['COMPLETED', 'FAILED']

// biome-ignore lint/suspicious/noExplicitAny: the walkthrough reads answers with jq; so do we.
type Json = any

let sandbox: Sandbox
let server: SandboxServer
const checked = contractFetch(fetch)

/** The walkthrough's `g`: curl with HTTP Basic (`-u id:secret`). */
async function g(
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Json }> {
  const response = await checked(`${server.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`,
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: options.body }),
  })
  const text = await response.text()
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) }
}

const JSON_TYPE = { 'Content-Type': 'application/json' }

/** The walkthrough polls every few seconds; the sandbox's clock moves by as much instead. */
async function pollTransaction(transactionId: string): Promise<string[]> {
  const seen: string[] = []
  for (let polls = 0; polls < 120; polls++) {
    const { status, json } = await g('GET', `/transactions/${transactionId}`)
    expect(status).toBe(200)
    seen.push(json.status)
    if (TERMINAL.includes(json.status)) return seen
    sandbox.clock.advance(5_000)
  }
  throw new Error(`transaction ${transactionId} never settled: ${seen.join(', ')}`)
}

/** `embedded-wallet-sign.js gen-keypair`: a P-256 pair, the public key uncompressed. */
function genKeypair(): { pubHex: string; privHex: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const priv = privateKey.export({ format: 'jwk' })
  const pub = publicKey.export({ format: 'jwk' })
  const hex = (b64url: string | undefined) => Buffer.from(b64url ?? '', 'base64url').toString('hex')
  return { pubHex: `04${hex(pub.x)}${hex(pub.y)}`, privHex: hex(priv.d) }
}

/** `embedded-wallet-sign.js encrypt-otp`: HPKE to the bundle's target, TEK as given (uncompressed). */
function encryptOtpAsTheGuide(targetBundle: string, pubHex: string, otpCode: string): string {
  const { data } = JSON.parse(targetBundle)
  const { targetPublic } = JSON.parse(Buffer.from(data, 'hex').toString('utf8'))
  const plainTextBuf = new TextEncoder().encode(JSON.stringify({ otp_code: otpCode, public_key: pubHex }))
  return formatHpkeBuf(hpkeEncrypt({ plainTextBuf, targetKeyBuf: hexToBytes(targetPublic) }))
}

/** `embedded-wallet-sign.js stamp`: the API-key stamper over the payload, compressed public key. */
async function stampAsTheGuide(privHex: string, payload: string): Promise<string> {
  const apiPublicKey = bytesToHex(p256.getPublicKey(hexToBytes(privHex), true))
  const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: privHex })
  return (await stamper.stamp(payload)).stampHeaderValue
}

beforeAll(async () => {
  sandbox = await createSandbox({ log: () => {}, now: Date.now(), signatureHeaderName: HEADER })
  server = await sandbox.listen()
})
afterAll(() => server.close())

describe("the service's embedded-wallet walkthrough, against the sandbox", () => {
  const state: Record<string, string> = {}

  it('1. onboards a customer: wallet accounts, the EMAIL_OTP credential, a bank account', async () => {
    const customer = await g('POST', '/customers', {
      headers: JSON_TYPE,
      body: JSON.stringify({
        customerType: 'INDIVIDUAL',
        platformCustomerId: 'your-id-here',
        umaAddress: '$alice@yourplatform.example',
        email: 'alice@example.com',
        fullName: 'Alice Example',
        birthDate: '1990-01-15',
        nationality: 'US',
      }),
    })
    expect(customer.status).toBe(201)
    state.customerId = customer.json.id
    expect((await g('GET', `/customers/${state.customerId}`)).json.kycStatus).toBe('APPROVED')

    const accounts = await g('GET', `/customers/internal-accounts?customerId=${state.customerId}`)
    const usdb = accounts.json.data.find((account: Json) => account.balance.currency.code === 'USDB')
    expect(usdb?.type).toBe('EMBEDDED_WALLET')
    state.usdbAccount = usdb.id

    const credentials = await g('GET', `/auth/credentials?accountId=${state.usdbAccount}`)
    state.credentialId = credentials.json.data.find((credential: Json) => credential.type === 'EMAIL_OTP').id
    expect((await g('POST', `/auth/credentials/${state.credentialId}/challenge`)).status).toBe(200)

    const bank = await g('POST', '/customers/external-accounts', {
      headers: JSON_TYPE,
      body: JSON.stringify({
        customerId: state.customerId,
        currency: 'USD',
        accountInfo: {
          accountType: 'USD_ACCOUNT',
          paymentRails: ['RTP'],
          routingNumber: '121042882',
          accountNumber: '0000000000',
          beneficiary: {
            beneficiaryType: 'INDIVIDUAL',
            fullName: 'Alice Example',
            birthDate: '1990-01-15',
            nationality: 'US',
          },
        },
      }),
    })
    expect(bank.status).toBe(201)
    state.bankId = bank.json.id
  })

  it("2. on-ramps $1 from the platform's USD account to the wallet", async () => {
    const platform = await g('GET', '/platform/internal-accounts?currency=USD')
    state.platformUsd = platform.json.data[0].id
    // The platform's wire into its own account is out of the walkthrough's scope: the sandbox's
    // fund endpoint stands in for it.
    const fund = await g('POST', `/sandbox/internal-accounts/${state.platformUsd}/fund`, {
      headers: JSON_TYPE,
      body: JSON.stringify({ amount: 100 }),
    })
    expect(fund.status).toBe(200)

    const quote = await g('POST', '/quotes', {
      headers: JSON_TYPE,
      body: JSON.stringify({
        source: { sourceType: 'ACCOUNT', accountId: state.platformUsd },
        destination: { destinationType: 'ACCOUNT', accountId: state.usdbAccount, currency: 'USDB' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      }),
    })
    expect(quote.status).toBe(201)
    const executed = await g('POST', `/quotes/${quote.json.id}/execute`, { headers: JSON_TYPE, body: '{}' })
    expect(executed.status).toBe(200)
    expect((await pollTransaction(quote.json.transactionId)).at(-1)).toBe('COMPLETED')
    const accounts = await g('GET', `/customers/internal-accounts?customerId=${state.customerId}`)
    const wallet = accounts.json.data.find((account: Json) => account.id === state.usdbAccount)
    expect(wallet.balance).toMatchObject({
      amount: quote.json.totalReceivingAmount,
      currency: { code: 'USDB' },
    })
  })

  it('3. signs in with the OTP (uncompressed TEK), then off-ramps with a stamped execute', async () => {
    // A person following the guide takes longer than the challenge rate limit between 1.4 and 3.2.
    sandbox.clock.advance(60_000)
    const { pubHex, privHex } = genKeypair()
    const challenge = await g('POST', `/auth/credentials/${state.credentialId}/challenge`, {
      headers: JSON_TYPE,
      body: '{}',
    })
    expect(challenge.status).toBe(200)
    const encBundle = encryptOtpAsTheGuide(challenge.json.otpEncryptionTargetBundle, pubHex, '000000')

    const verifyBody = `{"type": "EMAIL_OTP", "encryptedOtpBundle": ${JSON.stringify(encBundle)}}`
    const verify1 = await g('POST', `/auth/credentials/${state.credentialId}/verify`, {
      headers: JSON_TYPE,
      body: verifyBody,
    })
    expect(verify1.status).toBe(202)
    const verify2 = await g('POST', `/auth/credentials/${state.credentialId}/verify`, {
      headers: {
        ...JSON_TYPE,
        [HEADER]: await stampAsTheGuide(privHex, verify1.json.payloadToSign),
        'Request-Id': verify1.json.requestId,
      },
      body: verifyBody,
    })
    expect(verify2.status).toBe(200)
    expect(Date.parse(verify2.json.expiresAt)).toBeGreaterThan(sandbox.clock.now())

    // The wallet's on-chain USDB stands in through the fund endpoint as well.
    await g('POST', `/sandbox/internal-accounts/${state.usdbAccount}/fund`, {
      headers: JSON_TYPE,
      body: JSON.stringify({ amount: 1_000_000 }),
    })
    const quote = await g('POST', '/quotes', {
      headers: JSON_TYPE,
      body: JSON.stringify({
        source: { sourceType: 'ACCOUNT', accountId: state.usdbAccount },
        destination: { destinationType: 'ACCOUNT', accountId: state.bankId, currency: 'USD' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000_000,
      }),
    })
    expect(quote.status).toBe(201)
    const payload = quote.json.paymentInstructions
      .map((instructions: Json) => instructions.accountOrWalletInfo)
      .find((info: Json) => info.accountType === 'EMBEDDED_WALLET').payloadToSign

    const executed = await g('POST', `/quotes/${quote.json.id}/execute`, {
      headers: { ...JSON_TYPE, [HEADER]: await stampAsTheGuide(privHex, payload) },
      body: '{}',
    })
    expect(executed.status).toBe(200)
    expect((await pollTransaction(quote.json.transactionId)).at(-1)).toBe('COMPLETED')
  })
})
