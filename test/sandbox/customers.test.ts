// Customers as the service's contract has them: the ids and UMA address every customer carries,
// and the signed change of a contact that an OTP credential is tied to.
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { stamp } from '../../src/stamp/stamp.js'
import { createCustomer, type Harness, json, otpSignIn, startHarness } from './harness.js'

const INDIVIDUAL = { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace' }

/** A signed-in customer with an EMAIL_OTP and an SMS_OTP credential, and a session on each. */
async function withBothOtpCredentials(h: Harness) {
  const customer = await createCustomer(h, { phoneNumber: '+15555550142' })
  const email = await otpSignIn(h, customer.emailCredentialId, customer.accountId)
  const created = await h.signed(
    `${h.base}/auth/credentials`,
    json('POST', { type: 'SMS_OTP', accountId: customer.accountId }),
  )
  const sms = await created.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: '000000',
    targetBundle: sms.otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [h.sandbox.signerPublicKey],
  })
  const verified = await withWalletSignature(h.api, { getKey: () => tek })(
    `${h.base}/auth/credentials/${sms.id}/verify`,
    json('POST', { type: 'SMS_OTP', encryptedOtpBundle }),
  )
  expect(verified.status).toBe(200)
  return { ...customer, smsCredentialId: sms.id as string, emailKey: email.key, smsKey: tek }
}

describe('customers in the sandbox', () => {
  it('gives every customer a platformCustomerId and a UMA address, keeps the given ones, and hides the write-only identifier', async () => {
    const h = await startHarness()
    const generated = await h.call('POST', '/customers', { ...INDIVIDUAL, identifier: '123-45-6789' })
    expect(generated.status).toBe(201)
    expect(generated.body).toMatchObject({
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      isDeleted: false,
    })
    expect(generated.body.platformCustomerId).toEqual(expect.any(String))
    expect(generated.body.umaAddress).toMatch(new RegExp(`^\\$.+@${h.sandbox.config.umaDomain}$`))
    // Generated from every random bit of the id, so a sandbox of 200k customers never finds it taken.
    const idHex = String(generated.body.id).slice('Customer:'.length).replaceAll('-', '')
    expect(generated.body.umaAddress).toBe(`$customer.${idHex}@${h.sandbox.config.umaDomain}`)
    expect(generated.body).not.toHaveProperty('identifier')
    const chosen = await h.call('POST', '/customers', {
      ...INDIVIDUAL,
      platformCustomerId: 'ada-1',
      umaAddress: '$ada@platform.example',
      currencies: ['USD'],
      notAField: true,
    })
    expect(chosen.body).toMatchObject({ platformCustomerId: 'ada-1', umaAddress: '$ada@platform.example' })
    expect(chosen.body).not.toHaveProperty('notAField')
    const read = await h.call('GET', `/customers/${chosen.body.id}`)
    expect(read.body).toEqual(chosen.body)
  })

  it('refuses a taken platformCustomerId (409 CONFLICT) and a taken UMA address (409 UMA_ADDRESS_EXISTS)', async () => {
    const h = await startHarness()
    await h.call('POST', '/customers', {
      ...INDIVIDUAL,
      platformCustomerId: 'p-1',
      umaAddress: '$a@x.example',
    })
    const samePlatformId = await h.call('POST', '/customers', { ...INDIVIDUAL, platformCustomerId: 'p-1' })
    expect(samePlatformId.body).toMatchObject({ status: 409, code: 'CONFLICT' })
    const sameUma = await h.call('POST', '/customers', { ...INDIVIDUAL, umaAddress: '$A@x.example' })
    expect(sameUma.body).toMatchObject({ status: 409, code: 'UMA_ADDRESS_EXISTS' })
  })

  it('takes only what the contract defines: a customer type, E.164 phones, whole addresses, a business described', async () => {
    const h = await startHarness()
    for (const body of [
      { customerType: 'PERSON' },
      { ...INDIVIDUAL, phoneNumber: '555-0100' },
      { ...INDIVIDUAL, address: { country: 'FR' } },
      { customerType: 'BUSINESS', businessInfo: { legalName: 'Acme' } },
    ]) {
      expect((await h.call('POST', '/customers', body)).body).toMatchObject({
        status: 400,
        code: 'INVALID_INPUT',
      })
    }
    const business = await h.call('POST', '/customers', {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Acme', country: 'US', taxId: '47-1234567', incorporatedOn: '2018-03-14' },
    })
    expect(business.status).toBe(201)
    expect(business.body).not.toHaveProperty('fullName')
  })

  it('changes an email with no OTP credential on it at once, and needs customerType on every update', async () => {
    const h = await startHarness()
    const created = await h.call('POST', '/customers', INDIVIDUAL)
    const id = created.body.id as string
    const noType = await h.call('PATCH', `/customers/${id}`, { email: 'ada@example.com' })
    expect(noType.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    const otherType = await h.call('PATCH', `/customers/${id}`, { customerType: 'BUSINESS' })
    expect(otherType.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    const changed = await h.call('PATCH', `/customers/${id}`, {
      customerType: 'INDIVIDUAL',
      email: 'ada@example.com',
    })
    expect(changed.status).toBe(200)
    expect(changed.body.email).toBe('ada@example.com')
  })

  it('moves the EMAIL_OTP credential with a signed email change: 202 binding the new email, 200 on the retry', async () => {
    const h = await startHarness()
    const { customerId, accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const body = { customerType: 'INDIVIDUAL', email: 'moved@example.com' }
    const challenge = await h.call('PATCH', `/customers/${customerId}`, body)
    expect(challenge.status).toBe(202)
    expect(challenge.body).not.toHaveProperty('type')
    const payload = JSON.parse(challenge.body.payloadToSign as string)
    expect(payload).toMatchObject({
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      parameters: { userEmail: 'moved@example.com', userId: expect.stringMatching(/^user_/) },
    })
    // The retry must carry the same fields.
    const headers = {
      'Service-Wallet-Signature': await stamp(
        challenge.body.payloadToSign as string,
        h.session.key ?? (undefined as never),
      ),
      'Request-Id': challenge.body.requestId as string,
    }
    const changedBody = await h.call(
      'PATCH',
      `/customers/${customerId}`,
      { ...body, email: 'other@example.com' },
      headers,
    )
    expect(changedBody.body).toMatchObject({ status: 401, code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    const moved = await h.signed(`${h.base}/customers/${customerId}`, json('PATCH', body))
    expect(moved.status).toBe(200)
    expect((await moved.json()).email).toBe('moved@example.com')
    const credentials = await h.call('GET', `/auth/credentials?accountId=${accountId}`)
    expect((credentials.body.data as { nickname: string }[])[0]?.nickname).toBe('moved@example.com')
    // Fields that move no sign-in method need no signature.
    const other = await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      purposeOfAccount: 'P2P_TRANSFERS',
    })
    expect(other.status).toBe(200)
  })

  it('moves the SMS_OTP credential with a signed phone change', async () => {
    const h = await startHarness()
    const { customerId, accountId, smsCredentialId } = await withBothOtpCredentials(h)
    const body = { customerType: 'INDIVIDUAL', phoneNumber: '+15555550199' }
    const challenge = await h.call('PATCH', `/customers/${customerId}`, body)
    expect(challenge.status).toBe(202)
    expect(JSON.parse(challenge.body.payloadToSign as string)).toMatchObject({
      type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      parameters: { userPhoneNumber: '+15555550199' },
    })
    const moved = await h.signed(`${h.base}/customers/${customerId}`, json('PATCH', body))
    expect((await moved.json()).phoneNumber).toBe('+15555550199')
    const credentials = await h.call('GET', `/auth/credentials?accountId=${accountId}`)
    const sms = (credentials.body.data as { id: string; nickname: string }[]).find(
      (c) => c.id === smsCredentialId,
    )
    expect(sms?.nickname).toBe('+15555550199')
  })

  it('refuses a body changing both email and phone, and an email another EMAIL_OTP credential uses', async () => {
    const h = await startHarness()
    const { customerId } = await createCustomer(h)
    const other = await createCustomer(h)
    const otherEmail = (await h.call('GET', `/customers/${other.customerId}`)).body.email
    const both = await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      email: 'both@example.com',
      phoneNumber: '+15555550100',
    })
    expect(both.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    const taken = await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      email: otherEmail,
    })
    expect(taken.body).toMatchObject({ status: 409, code: 'EMAIL_OTP_EMAIL_ALREADY_EXISTS' })
  })

  it('files a moved credential under its new email: that one is taken, the old one free again', async () => {
    const h = await startHarness()
    const first = await createCustomer(h)
    const second = await createCustomer(h)
    await otpSignIn(h, first.emailCredentialId, first.accountId)
    const moved = await h.signed(
      `${h.base}/customers/${first.customerId}`,
      json('PATCH', { customerType: 'INDIVIDUAL', email: 'moved@example.com' }),
    )
    expect(moved.status).toBe(200)
    const taken = await h.call('PATCH', `/customers/${second.customerId}`, {
      customerType: 'INDIVIDUAL',
      email: 'Moved@example.com',
    })
    expect(taken.body).toMatchObject({ status: 409, code: 'EMAIL_OTP_EMAIL_ALREADY_EXISTS' })
    // The first customer's old email is nobody's contact now: the second may move to it (a 202).
    const freed = await h.call('PATCH', `/customers/${second.customerId}`, {
      customerType: 'INDIVIDUAL',
      email: first.email,
    })
    expect(freed.status).toBe(202)
  })

  it('answers 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the tied credentials changed between the 202 and the retry', async () => {
    const h = await startHarness()
    const { customerId, emailCredentialId, smsKey } = await withBothOtpCredentials(h)
    const body = { customerType: 'INDIVIDUAL', email: 'later@example.com' }
    const challenge = await h.call('PATCH', `/customers/${customerId}`, body)
    expect(challenge.status).toBe(202)
    // The EMAIL_OTP credential goes (signed by the SMS session), then the retry comes.
    h.session.key = smsKey
    expect(
      (await h.signed(`${h.base}/auth/credentials/${emailCredentialId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    const retry = await h.call('PATCH', `/customers/${customerId}`, body, {
      'Service-Wallet-Signature': await stamp(challenge.body.payloadToSign as string, smsKey),
      'Request-Id': challenge.body.requestId as string,
    })
    expect(retry.body).toMatchObject({ status: 409, code: 'EMAIL_OTP_CREDENTIAL_SET_CHANGED' })
  })
})
