import type { SandboxContext } from './context.js'
import { notFound } from './sandboxError.js'
import type { CredentialRecord, CustomerRecord, InternalAccountRecord, SessionRecord } from './store.js'

/** The customer, or 404 `USER_NOT_FOUND`. */
export function requireCustomer(ctx: SandboxContext, id: string | undefined): CustomerRecord {
  const customer = id === undefined ? undefined : ctx.store.customers.get(id)
  if (!customer) throw notFound('USER_NOT_FOUND', 'Customer not found.')
  return customer
}

/** The internal account, or 404 `REFERENCE_NOT_FOUND`. */
export function requireAccount(ctx: SandboxContext, id: string | undefined): InternalAccountRecord {
  const account = id === undefined ? undefined : ctx.store.accounts.get(id)
  if (!account) throw notFound('REFERENCE_NOT_FOUND', 'Internal account not found.')
  return account
}

/** The credential, or 404 `REFERENCE_NOT_FOUND`. */
export function requireCredential(ctx: SandboxContext, id: string | undefined): CredentialRecord {
  const credential = id === undefined ? undefined : ctx.store.credentials.get(id)
  if (!credential) throw notFound('REFERENCE_NOT_FOUND', 'Credential not found.')
  return credential
}

/** The session (active or not), or 404 `REFERENCE_NOT_FOUND`. */
export function requireSession(ctx: SandboxContext, id: string | undefined): SessionRecord {
  const session = id === undefined ? undefined : ctx.store.sessions.get(id)
  if (!session) throw notFound('REFERENCE_NOT_FOUND', 'Session not found.')
  return session
}

/** The embedded wallet of a customer, if it has one. */
export function walletOf(ctx: SandboxContext, customerId: string): InternalAccountRecord | undefined {
  return ctx.store.accounts.where('customer', customerId)[0]
}
