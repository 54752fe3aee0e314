import { Hono } from 'hono'
import { iso, newId, type SandboxContext, walletUserId } from '../context.js'
import { CustomerCreate, CustomerUpdate } from '../customerBodies.js'
import { customerView } from '../customerView.js'
import { requireCustomer, walletOf } from '../lookups.js'
import { newMnemonic } from '../mnemonic.js'
import { syncAccountStatus } from '../money/accountStatus.js'
import { kycOutcome } from '../money/kycOutcome.js'
import { openHoldingAccount } from '../money/openHoldingAccount.js'
import { requiresSca } from '../money/scaRegion.js'
import { readBody } from '../readBody.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import { contactsVerified } from '../sca/contactVerification.js'
import { acceptRetry, isRetry, issueChallenge } from '../signedRetry.js'
import {
  type CredentialRecord,
  type CustomerRecord,
  contactKey,
  type InternalAccountRecord,
} from '../store.js'
import { announceCustomer } from '../webhooks/customerEvents.js'

function conflict(code: string, message: string): SandboxError {
  return new SandboxError({ status: 409, code, message })
}

/** The two contacts an OTP credential can be tied to, and what the service calls each. */
const CONTACTS = {
  email: {
    type: 'EMAIL_OTP',
    activity: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
    parameter: 'userEmail',
    taken: 'EMAIL_OTP_EMAIL_ALREADY_EXISTS',
    setChanged: 'EMAIL_OTP_CREDENTIAL_SET_CHANGED',
  },
  // The contract has no phone-specific codes: its generic conflict stands in.
  phoneNumber: {
    type: 'SMS_OTP',
    activity: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
    parameter: 'userPhoneNumber',
    taken: 'CONFLICT',
    setChanged: 'CONFLICT',
  },
} as const

type Contact = (typeof CONTACTS)[keyof typeof CONTACTS]

/** The ids of `credentials`, sorted: the set a contact change moves, as its 202 binds it. */
function idsOf(credentials: CredentialRecord[]): string[] {
  return credentials.map((credential) => credential.id).sort()
}

/** 409 when a credential other than the `tied` ones (moving with the change) has `value` already. */
function requireContactFree(
  ctx: SandboxContext,
  options: { contact: Contact; value: string; tied: CredentialRecord[] },
): void {
  const { contact, value, tied } = options
  const inUse = ctx.store.credentials
    .where('contact', contactKey(contact.type, value) ?? '')
    .some((credential) => !tied.includes(credential))
  if (inUse) {
    throw conflict(contact.taken, `Another ${contact.type} credential has this contact already.`)
  }
}

/**
 * Customers and their embedded wallets: create, read, update. Changing the email of a customer with
 * a tied EMAIL_OTP credential, or the phone number of one with a tied SMS_OTP credential, is a
 * signed retry that moves those credentials with it.
 */
export function customerRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store, clock } = ctx
  // The two values a platform picks that must stay unique among its customers.
  const byPlatformId = new Map<string, string>()
  const byUmaAddress = new Map<string, string>()

  function claimUmaAddress(umaAddress: string, customerId: string): void {
    const holder = byUmaAddress.get(umaAddress.toLowerCase())
    if (holder !== undefined && holder !== customerId)
      throw conflict('UMA_ADDRESS_EXISTS', 'This UMA address belongs to another customer.')
  }

  app.post('/customers', async (c) => {
    const { value } = await readBody(c, CustomerCreate)
    const id = newId('Customer')
    const uuid = id.slice('Customer:'.length)
    const { customerType, email, phoneNumber, address, ...rest } = value
    const fullName =
      value.customerType === 'INDIVIDUAL' ? (value.fullName ?? '') : value.businessInfo.legalName
    const platformCustomerId = value.platformCustomerId ?? uuid.replaceAll('-', '').slice(0, 15)
    if (byPlatformId.has(platformCustomerId))
      throw conflict('CONFLICT', 'Another customer has this platformCustomerId.')
    // Generated when not given, as the service does: every customer has one. All 122 random bits
    // of the id: 32 (8 hex digits) collided about once in a hundred by 10k customers.
    const umaAddress = value.umaAddress ?? `$customer.${uuid.replaceAll('-', '')}@${ctx.config.umaDomain}`
    claimUmaAddress(umaAddress, id)
    const now = iso(clock.now())
    const { fullName: _fullName, ...fields } = rest as typeof rest & { fullName?: string }
    const customer: CustomerRecord = {
      id,
      customerType,
      fullName,
      ...(email ? { email } : {}),
      ...(phoneNumber ? { phoneNumber } : {}),
      ...(address ? { address } : {}),
      fields: { ...fields, platformCustomerId, umaAddress },
      createdAt: now,
      updatedAt: now,
    }
    // A customer who needs SCA (an EU address) has the contacts it was created with verified, as
    // the provider's onboarding leaves them: the phone from creation (the contract's SCA factors:
    // SMS_OTP is always there), and the email with it. Contacts come before KYC: a channel still to
    // verify (no phone yet) keeps an individual UNVERIFIED until confirmed.
    if (requiresSca(customer)) {
      customer.verifiedContacts = {
        ...(email ? { email } : {}),
        ...(phoneNumber ? { phone: phoneNumber } : {}),
      }
    }
    // Individuals are reviewed at creation (the service's walkthrough: straight to APPROVED), by the
    // sandbox's name-suffix outcomes; a business stays UNVERIFIED until POST /verifications.
    if (customerType === 'BUSINESS') customer.fields.kybStatus = 'UNVERIFIED'
    else
      customer.fields.kycStatus = contactsVerified(customer) ? kycOutcome(customer).kycStatus : 'UNVERIFIED'
    store.customers.set(customer.id, customer)
    byPlatformId.set(platformCustomerId, id)
    byUmaAddress.set(umaAddress.toLowerCase(), id)
    // Every customer gets an embedded wallet, initialised with an EMAIL_OTP credential on its email.
    const account: InternalAccountRecord = {
      id: newId('InternalAccount'),
      customerId: customer.id,
      type: 'EMBEDDED_WALLET',
      currency: 'USDB',
      balance: 0,
      settings: {},
      mnemonic: newMnemonic(),
      createdAt: now,
      updatedAt: now,
    }
    store.accounts.set(account.id, account)
    // Beside the wallet, a USD account (the service opens one per currency of the platform).
    openHoldingAccount(ctx, { customerId: customer.id, currency: 'USD' })
    // PENDING until the customer is approved (ACTIVE at once if it is).
    syncAccountStatus(ctx, customer)
    if (email) {
      const credential: CredentialRecord = {
        id: newId('AuthMethod'),
        accountId: account.id,
        type: 'EMAIL_OTP',
        nickname: email,
        createdAt: now,
        updatedAt: now,
      }
      store.credentials.set(credential.id, credential)
    }
    announceCustomer(ctx, customer)
    return c.json(customerView(customer), 201)
  })

  app.get('/customers/:customerId', (c) =>
    c.json(customerView(requireCustomer(ctx, c.req.param('customerId')))),
  )

  app.patch('/customers/:customerId', async (c) => {
    const customer = requireCustomer(ctx, c.req.param('customerId'))
    const body = await readBody(c, CustomerUpdate)
    const update = body.value
    if (update.customerType !== customer.customerType)
      throw invalidInput(`customerType must stay ${customer.customerType}.`)
    if (update.email !== undefined && update.phoneNumber !== undefined)
      throw invalidInput('Change email and phoneNumber in two requests, one each.')
    const field =
      update.email !== undefined ? 'email' : update.phoneNumber !== undefined ? 'phoneNumber' : undefined
    const next = field === undefined ? undefined : update[field]
    const contact = field === undefined ? undefined : CONTACTS[field]
    const changes = field !== undefined && next !== undefined && next !== customer[field]
    const wallet = walletOf(ctx, customer.id)
    const tiedNow = () =>
      contact && wallet
        ? store.credentials
            .where('account', wallet.id)
            .filter((credential) => credential.type === contact.type)
        : []
    let tied = tiedNow()

    if (changes && contact && next !== undefined) {
      requireContactFree(ctx, { contact, value: next, tied })
      // Moving a sign-in method: the wallet signs for it, and the 202 binds which credentials move.
      // A retry of such a 202 is checked even if none is tied any more: the set changed.
      const answers = store.pendingRequests.get(c.req.header('Request-Id') ?? '')?.accountId === wallet?.id
      if (wallet && (tied.length > 0 || (isRetry(ctx, c) && answers))) {
        if (!isRetry(ctx, c)) {
          return issueChallenge(ctx, c, {
            accountId: wallet.id,
            body,
            activity: contact.activity,
            parameters: { [contact.parameter]: next, userId: walletUserId(wallet.id) },
            context: idsOf(tied),
          })
        }
        const { pending } = await acceptRetry(ctx, c, { accountId: wallet.id, body })
        // Both again, with the change: a parallel one may have taken the contact or moved the set.
        tied = tiedNow()
        requireContactFree(ctx, { contact, value: next, tied })
        if ((pending.context as string[]).join() !== idsOf(tied).join())
          throw conflict(
            contact.setChanged,
            `The ${contact.type} credentials changed since the 202: start again.`,
          )
      }
    }

    const now = iso(clock.now())
    const { customerType: _type, email, phoneNumber, address, umaAddress, ...fields } = update
    if (umaAddress !== undefined) {
      claimUmaAddress(umaAddress, customer.id)
      byUmaAddress.delete(String(customer.fields.umaAddress).toLowerCase())
      byUmaAddress.set(umaAddress.toLowerCase(), customer.id)
      customer.fields.umaAddress = umaAddress
    }
    if (email !== undefined) customer.email = email
    if (phoneNumber !== undefined) customer.phoneNumber = phoneNumber
    if (address !== undefined) customer.address = address
    if ('fullName' in fields && typeof fields.fullName === 'string') customer.fullName = fields.fullName
    if ('businessInfo' in fields && fields.businessInfo) {
      fields.businessInfo = { ...(customer.fields.businessInfo as object), ...fields.businessInfo }
    }
    const { fullName: _fullName, ...kept } = fields as typeof fields & { fullName?: string }
    Object.assign(customer.fields, kept)
    customer.updatedAt = now
    if (changes && next !== undefined) {
      for (const credential of tied) {
        // A new record, filed under its new contact: the index compares it with the one it replaces,
        // so the old one, changed in place, would have stayed filed under the old contact.
        store.credentials.set(credential.id, { ...credential, nickname: next, updatedAt: now })
        for (const session of store.sessions.where('credential', credential.id)) session.nickname = next
      }
    }
    return c.json(customerView(customer))
  })

  return app
}
