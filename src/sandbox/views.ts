import { iso } from './context.js'
import { currencyView, requireCurrency } from './money/currencies.js'
import { fundingInstructions } from './money/fundingInstructions.js'
import { idToken } from './money/idToken.js'
import type { InternalAccount } from './money/requireInternalAccount.js'
import type { CredentialRecord, SessionRecord } from './store.js'

/** A credential as the API shows it (AuthMethod). */
export function authMethodView(credential: CredentialRecord): Record<string, unknown> {
  return {
    id: credential.id,
    accountId: credential.accountId,
    type: credential.type,
    nickname: credential.nickname,
    ...(credential.passkey ? { credentialId: credential.passkey.credentialId } : {}),
    createdAt: credential.createdAt,
    updatedAt: credential.updatedAt,
  }
}

/** A session as the API shows it (AuthSession, client-held case). */
export function sessionView(session: SessionRecord): Record<string, unknown> {
  return {
    id: session.id,
    accountId: session.accountId,
    type: session.type,
    nickname: session.nickname,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: iso(session.expiresAt),
  }
}

/**
 * An internal account as the API shows it (InternalAccount): its balance as an amount of its
 * currency (no funds are held or pending in the sandbox, so `totalBalance` is the same), how to pay
 * into it, and for an embedded wallet `privateEnabled`. Never the wallet's mnemonic.
 */
export function accountView(account: InternalAccount): Record<string, unknown> {
  const currency = requireCurrency(account.currency)
  const balance = { amount: account.balance, currency: currencyView(account.currency) }
  const wallet = account.type === 'EMBEDDED_WALLET' ? account : undefined
  return {
    id: account.id,
    ...(account.customerId === undefined ? {} : { customerId: account.customerId }),
    type: account.type,
    status: account.status ?? 'ACTIVE',
    balance,
    totalBalance: balance,
    fundingPaymentInstructions: fundingInstructions({
      currency,
      // Stablecoin accounts are paid into on Spark (the embedded wallet's network).
      ...(currency.stablecoin ? { cryptoNetwork: 'SPARK' } : {}),
      token: idToken(account.id),
      isPlatformAccount: account.customerId === undefined,
    }),
    ...(wallet ? { privateEnabled: wallet.settings.privateEnabled === true } : {}),
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  }
}
