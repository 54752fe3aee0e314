import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import { newId, type SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound, SandboxError } from '../sandboxError.js'
import { beneficiaryVerification } from './beneficiaryVerification.js'
import { requireCurrency } from './currencies.js'
import { reviewExternalAccounts, startExternalAccountReview } from './externalAccountReview.js'
import { listPage } from './listPage.js'
import type { ExternalAccountRecord } from './moneyState.js'

/**
 * The members of `accountInfo` that can be an external account's primary identifier, in the
 * order they are looked for: its last 3 digits select the sandbox outcomes.
 *
 * @example
 * ```ts
 * IDENTIFIER_FIELDS[0] // 'accountNumber'
 * ```
 */
export const IDENTIFIER_FIELDS = [
  'accountNumber',
  'iban',
  'clabeNumber',
  'pixKey',
  'address',
  'lightningAddress',
  'invoice',
  'bolt12',
  'phoneNumber',
  'vpa',
] as const

const EXTERNAL_ACCOUNT_TYPES = [
  ...['AED', 'BDT', 'BRL', 'BWP', 'CAD', 'COP', 'DKK', 'EGP', 'EUR', 'GBP', 'GHS', 'GTQ', 'HKD', 'HTG'],
  ...['IDR', 'INR', 'JMD', 'KES', 'MWK', 'MXN', 'MYR', 'NGN', 'PHP', 'PKR', 'RWF', 'SGD', 'SLV', 'THB'],
  ...['TZS', 'UGX', 'USD', 'VND', 'XAF', 'XOF', 'ZAR', 'ZMW', 'SWIFT', 'CNY'],
]
  .map((code) => `${code}_ACCOUNT`)
  .concat([
    'BASE_WALLET',
    'ETHEREUM_WALLET',
    'LIGHTNING',
    'PLASMA_WALLET',
    'POLYGON_WALLET',
    'SOLANA_WALLET',
    'SPARK_WALLET',
    'TRON_WALLET',
  ])

// The rails an account of each currency is reached on when the request names none (the contract's
// account info lists them on every bank account it returns).
const DEFAULT_RAILS: Record<string, string[]> = {
  USD_ACCOUNT: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
  EUR_ACCOUNT: ['SEPA', 'SEPA_INSTANT'],
  GBP_ACCOUNT: ['FASTER_PAYMENTS'],
  MXN_ACCOUNT: ['SPEI'],
  BRL_ACCOUNT: ['PIX'],
  CAD_ACCOUNT: ['BANK_TRANSFER'],
  INR_ACCOUNT: ['NEFT'],
  NGN_ACCOUNT: ['BANK_TRANSFER'],
  PHP_ACCOUNT: ['BANK_TRANSFER'],
  KES_ACCOUNT: ['MOBILE_MONEY'],
  XOF_ACCOUNT: ['MOBILE_MONEY'],
}

const Beneficiary = z.discriminatedUnion('beneficiaryType', [
  z.looseObject({ beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string().check(z.minLength(1)) }),
  z.looseObject({ beneficiaryType: z.literal('BUSINESS'), legalName: z.string().check(z.minLength(1)) }),
])
const Digits = (count: number) => z.string().check(z.regex(new RegExp(`^[0-9]{${count}}$`)))

// The fields the contract requires of the bank accounts the sandbox pays out to; other account
// types need an identifier (and a beneficiary for bank accounts).
const KNOWN_INFO: Record<string, z.ZodMiniType> = {
  USD_ACCOUNT: z.looseObject({
    accountNumber: z.string().check(z.minLength(1), z.maxLength(34)),
    routingNumber: Digits(9),
    beneficiary: Beneficiary,
  }),
  EUR_ACCOUNT: z.looseObject({
    iban: z.string().check(z.regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/)),
    beneficiary: Beneficiary,
  }),
  GBP_ACCOUNT: z.looseObject({ sortCode: Digits(6), accountNumber: Digits(8), beneficiary: Beneficiary }),
  MXN_ACCOUNT: z.looseObject({ clabeNumber: Digits(18), beneficiary: Beneficiary }),
  BRL_ACCOUNT: z.looseObject({
    pixKey: z.string().check(z.minLength(1), z.maxLength(77)),
    pixKeyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM']),
    taxId: z.string().check(z.regex(/^[0-9]{11,14}$/)),
    beneficiary: Beneficiary,
  }),
}
const BankAccount = z.looseObject({ beneficiary: Beneficiary })

const AccountInfo = z.looseObject({ accountType: z.enum(EXTERNAL_ACCOUNT_TYPES as [string, ...string[]]) })

const CreateBody = z.looseObject({
  customerId: z.optional(z.string().check(z.minLength(1))),
  currency: z.string().check(z.minLength(1)),
  platformAccountId: z.optional(z.string()),
  ownershipType: z.optional(z.enum(['FIRST_PARTY', 'THIRD_PARTY'])),
  defaultUmaDepositAccount: z.optional(z.boolean()),
  accountInfo: AccountInfo,
})

/**
 * The external account, or 404 `REFERENCE_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const account = requireExternalAccount(ctx, body.source.accountId)
 * ```
 */
export function requireExternalAccount(ctx: SandboxContext, id: string | undefined): ExternalAccountRecord {
  const account = id === undefined ? undefined : ctx.store.money.externalAccounts.get(id)
  if (!account) throw notFound('REFERENCE_NOT_FOUND', 'External account not found.')
  return account
}

/**
 * An external account as the API shows it (ExternalAccount).
 *
 * @example
 * ```ts
 * c.json(externalAccountView(account), 201)
 * ```
 */
export function externalAccountView(account: ExternalAccountRecord): Record<string, unknown> {
  return {
    id: account.id,
    ...(account.customerId === undefined ? {} : { customerId: account.customerId }),
    status: account.status ?? 'ACTIVE',
    ...(account.platformAccountId === undefined ? {} : { platformAccountId: account.platformAccountId }),
    ...(account.ownershipType === undefined ? {} : { ownershipType: account.ownershipType }),
    currency: account.currency,
    ...(account.defaultUmaDepositAccount === undefined
      ? {}
      : { defaultUmaDepositAccount: account.defaultUmaDepositAccount }),
    ...(account.beneficiaryVerificationStatus === undefined
      ? {}
      : { beneficiaryVerificationStatus: account.beneficiaryVerificationStatus }),
    accountInfo: account.accountInfo,
  }
}

function checkAccountInfo(info: Record<string, unknown> & { accountType: string }): string {
  const { accountType } = info
  const schema = KNOWN_INFO[accountType] ?? (accountType.endsWith('_ACCOUNT') ? BankAccount : undefined)
  const checked = schema?.safeParse(info)
  if (checked && !checked.success) {
    throw invalidInput(`accountInfo is not a valid ${accountType}.`, {
      issues: checked.error.issues.map((issue) => `accountInfo.${issue.path.join('.')}: ${issue.message}`),
    })
  }
  const identifier = IDENTIFIER_FIELDS.map((field) => info[field]).find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim().length > 0,
  )
  if (!identifier) {
    throw invalidInput('accountInfo needs an identifier.', {
      oneOf: IDENTIFIER_FIELDS.map((field) => `accountInfo.${field}`),
    })
  }
  return identifier
}

/**
 * External accounts of customers (`/customers/external-accounts`) and of the platform
 * (`/platform/external-accounts`): create with beneficiary name verification by the identifier's
 * suffix (201, or 400 `INVALID_BANK_ACCOUNT` for `105`), list (by `currency`, and `customerId` for
 * customers', paginated), read and delete (204).
 *
 * @example
 * ```ts
 * app.route('/', externalAccountRoutes(ctx))
 * ```
 */
export function externalAccountRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { money } = ctx.store

  async function create(c: Context, forPlatform: boolean) {
    const { value } = await readBody(c, CreateBody)
    const customerId = forPlatform ? undefined : value.customerId
    if (customerId !== undefined && !ctx.store.customers.has(customerId)) {
      throw invalidInput('customerId names no customer.')
    }
    const { code } = requireCurrency(value.currency)
    const identifier = checkAccountInfo(value.accountInfo)
    const rails = DEFAULT_RAILS[value.accountInfo.accountType]
    const account: ExternalAccountRecord = {
      id: newId('ExternalAccount'),
      ...(customerId === undefined ? {} : { customerId }),
      currency: code,
      accountInfo: {
        ...value.accountInfo,
        ...(rails && !value.accountInfo.paymentRails ? { paymentRails: rails } : {}),
      },
      identifier,
      beneficiaryVerificationStatus: beneficiaryVerification(identifier),
      ...(value.platformAccountId === undefined ? {} : { platformAccountId: value.platformAccountId }),
      ...(value.ownershipType === undefined ? {} : { ownershipType: value.ownershipType }),
      ...(value.defaultUmaDepositAccount === undefined
        ? {}
        : { defaultUmaDepositAccount: value.defaultUmaDepositAccount }),
      createdAt: ctx.clock.now(),
    }
    money.externalAccounts.set(account.id, account)
    startExternalAccountReview(ctx, account)
    return c.json(externalAccountView(account), 201)
  }

  /** The account at `id` on the customers' (`forPlatform` false) or the platform's path. */
  function find(id: string | undefined, forPlatform: boolean): ExternalAccountRecord {
    reviewExternalAccounts(ctx)
    const account = requireExternalAccount(ctx, id)
    if ((account.customerId === undefined) !== forPlatform)
      throw notFound('REFERENCE_NOT_FOUND', 'External account not found.')
    return account
  }

  function list(c: Context, accounts: ExternalAccountRecord[]) {
    reviewExternalAccounts(ctx)
    const currency = c.req.query('currency')?.toUpperCase()
    const matching = accounts.filter((account) => currency === undefined || account.currency === currency)
    return c.json(listPage(c, matching.map(externalAccountView)))
  }

  app.post('/customers/external-accounts', (c) => create(c, false))
  app.get('/customers/external-accounts', (c) => {
    const customerId = c.req.query('customerId')
    return list(
      c,
      customerId === undefined
        ? [...money.externalAccounts.values()].filter((account) => account.customerId !== undefined)
        : money.externalAccounts.where('customer', customerId),
    )
  })
  app.get('/customers/external-accounts/:id', (c) =>
    c.json(externalAccountView(find(c.req.param('id'), false))),
  )
  app.delete('/customers/external-accounts/:id', (c) => {
    const account = find(c.req.param('id'), false)
    // A trusted beneficiary is untrusted first (with SCA), as the contract has it.
    if (account.trusted) {
      throw new SandboxError({
        status: 409,
        code: 'BENEFICIARY_TRUSTED',
        message: 'The account is a trusted beneficiary: untrust it first, then delete it.',
      })
    }
    money.externalAccounts.delete(account.id)
    return c.body(null, 204)
  })

  app.post('/platform/external-accounts', (c) => create(c, true))
  app.get('/platform/external-accounts', (c) =>
    list(
      c,
      [...money.externalAccounts.values()].filter((account) => account.customerId === undefined),
    ),
  )
  app.get('/platform/external-accounts/:id', (c) =>
    c.json(externalAccountView(find(c.req.param('id'), true))),
  )
  app.delete('/platform/external-accounts/:id', (c) => {
    money.externalAccounts.delete(find(c.req.param('id'), true).id)
    return c.body(null, 204)
  })

  return app
}
