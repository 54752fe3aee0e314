import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { requireCustomer, walletOf } from '../lookups.js'
import { newMnemonic } from '../mnemonic.js'
import { readBody } from '../readBody.js'
import { signedRetry } from '../signedRetry.js'
import type { CredentialRecord, CustomerRecord, InternalAccountRecord } from '../store.js'
import { accountView, customerView } from '../views.js'

const Email = z.string().check(z.regex(/^[^@\s]+@[^@\s]+$/))

const Address = z.looseObject({
  line1: z.optional(z.string()),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
  postalCode: z.optional(z.string()),
  country: z.optional(z.string()),
})

const CustomerCreate = z.looseObject({
  customerType: z.string().check(z.minLength(1)),
  fullName: z.string().check(z.minLength(1)),
  email: z.optional(Email),
  phoneNumber: z.optional(z.string()),
  address: z.optional(Address),
})

const CustomerPatch = z.looseObject({
  fullName: z.optional(z.string().check(z.minLength(1))),
  email: z.optional(Email),
  phoneNumber: z.optional(z.string()),
  address: z.optional(Address),
})

/** Customers and their embedded wallets: create, read, update (email changes are signed). */
export function customerRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store, clock } = ctx

  app.post('/customers', async (c) => {
    const { value } = await readBody(c, CustomerCreate)
    const now = iso(clock.now())
    const { customerType, fullName, email, phoneNumber, address, ...fields } = value
    const customer: CustomerRecord = {
      id: newId('Customer'),
      customerType,
      fullName,
      ...(email ? { email } : {}),
      ...(phoneNumber ? { phoneNumber } : {}),
      ...(address ? { address } : {}),
      fields,
      createdAt: now,
      updatedAt: now,
    }
    store.customers.set(customer.id, customer)
    // Every customer gets an embedded wallet, initialised with an EMAIL_OTP credential on its email.
    const account: InternalAccountRecord = {
      id: newId('InternalAccount'),
      customerId: customer.id,
      type: 'EMBEDDED_WALLET',
      currency: 'USD',
      balance: 0,
      settings: {},
      mnemonic: newMnemonic(),
      createdAt: now,
      updatedAt: now,
    }
    store.accounts.set(account.id, account)
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
    return c.json(customerView(customer), 201)
  })

  app.get('/customers/internal-accounts', (c) => {
    const customerId = c.req.query('customerId')
    const type = c.req.query('type')
    if (customerId !== undefined) requireCustomer(ctx, customerId)
    const accounts =
      customerId === undefined ? [...store.accounts.values()] : store.accounts.where('customer', customerId)
    const data = accounts.filter((account) => !type || account.type === type).map(accountView)
    return c.json({ data })
  })

  app.get('/customers/:customerId', (c) =>
    c.json(customerView(requireCustomer(ctx, c.req.param('customerId')))),
  )

  app.patch('/customers/:customerId', async (c) => {
    const customer = requireCustomer(ctx, c.req.param('customerId'))
    const body = await readBody(c, CustomerPatch)
    const wallet = walletOf(ctx, customer.id)
    const emailCredentials = wallet
      ? store.credentials.where('account', wallet.id).filter((credential) => credential.type === 'EMAIL_OTP')
      : []
    const { email, fullName, phoneNumber, address, ...fields } = body.value
    // Changing the email of a customer with an EMAIL_OTP credential moves a sign-in method: signed.
    if (wallet && email !== undefined && email !== customer.email && emailCredentials.length > 0) {
      const outcome = await signedRetry(ctx, c, {
        accountId: wallet.id,
        body,
        activity: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
        type: 'EMAIL_OTP',
      })
      if (outcome.challenge) return outcome.challenge
    }
    const now = iso(clock.now())
    if (email !== undefined) {
      customer.email = email
      for (const credential of emailCredentials) {
        credential.nickname = email
        credential.updatedAt = now
      }
    }
    if (fullName !== undefined) customer.fullName = fullName
    if (phoneNumber !== undefined) customer.phoneNumber = phoneNumber
    if (address !== undefined) customer.address = { ...customer.address, ...address }
    Object.assign(customer.fields, fields)
    customer.updatedAt = now
    return c.json(customerView(customer))
  })

  return app
}
