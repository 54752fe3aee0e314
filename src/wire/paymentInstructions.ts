import * as z from 'zod/mini'
import { variants } from './variants.js'

// Fiat variants whose only stated field is `reference`.
const REFERENCE_ACCOUNT_TYPES = [
  'USD_ACCOUNT',
  'MXN_ACCOUNT',
  'DKK_ACCOUNT',
  'EUR_ACCOUNT',
  'NGN_ACCOUNT',
  'CAD_ACCOUNT',
  'GBP_ACCOUNT',
  'HKD_ACCOUNT',
  'IDR_ACCOUNT',
  'MYR_ACCOUNT',
  'PHP_ACCOUNT',
  'SGD_ACCOUNT',
  'THB_ACCOUNT',
  'VND_ACCOUNT',
  'AED_ACCOUNT',
  'KES_ACCOUNT',
  'MWK_ACCOUNT',
  'RWF_ACCOUNT',
  'TZS_ACCOUNT',
  'UGX_ACCOUNT',
  'XOF_ACCOUNT',
  'ZAR_ACCOUNT',
  'ZMW_ACCOUNT',
  'BWP_ACCOUNT',
  'XAF_ACCOUNT',
  'BDT_ACCOUNT',
  'EGP_ACCOUNT',
  'GHS_ACCOUNT',
  'GTQ_ACCOUNT',
  'HTG_ACCOUNT',
  'JMD_ACCOUNT',
] as const

/**
 * Every `accountType` the interface lists.
 *
 * @example
 * ```ts
 * ACCOUNT_TYPES.includes(info.accountType as AccountType) // false for a type added later
 * ```
 */
export const ACCOUNT_TYPES = [
  ...REFERENCE_ACCOUNT_TYPES,
  'INR_ACCOUNT',
  'BRL_ACCOUNT',
  'ARS_ACCOUNT',
  'COP_ACCOUNT',
  'PKR_ACCOUNT',
  'SLV_ACCOUNT',
  'CNY_ACCOUNT',
  'SWIFT_ACCOUNT',
  'SPARK_WALLET',
  'LIGHTNING',
  'SOLANA_WALLET',
  'TRON_WALLET',
  'PLASMA_WALLET',
  'POLYGON_WALLET',
  'BASE_WALLET',
  'ETHEREUM_WALLET',
  'BITCOIN_L1',
  'EMBEDDED_WALLET',
] as const
/** An `accountType` the interface lists (readers also meet others; see `AccountOrWalletInfo`). */
export type AccountType = (typeof ACCOUNT_TYPES)[number]

// A URL the browser can parse, as `z.url()` checks it without options, without its parser's code
// (about 230 B gzip in the browser). `URL.canParse` came after Safari 16.4: a failed parse it is.
function parsesAsUrl(value: string): boolean {
  try {
    new URL(value.trim())
    return true
  } catch {
    return false
  }
}

// The variants with stated fields. Every other accountType, listed or new, is read as a generic
// variant: unknown members are kept and an unknown type does not fail the quote (section 12).
const STATED_VARIANTS: Record<string, z.ZodMiniType> = {
  ...Object.fromEntries(
    REFERENCE_ACCOUNT_TYPES.map((type) => [type, z.looseObject({ reference: z.string() })]),
  ),
  BRL_ACCOUNT: z.looseObject({ qrCode: z.string().check(z.minLength(1)) }),
  ARS_ACCOUNT: z.looseObject({ accountNumber: z.string().check(z.regex(/^\d{22}$/)) }),
  COP_ACCOUNT: z.looseObject({ paymentUrl: z.string().check(z.refine(parsesAsUrl, 'not a valid URL')) }),
  SPARK_WALLET: z.looseObject({
    assetType: z.optional(z.string()),
    address: z.optional(z.string()),
    invoice: z.optional(z.string()),
  }),
}

/**
 * The account or wallet to pay, discriminated by `accountType`. The variant's stated fields are
 * checked; paths of failures stay readable (`accountOrWalletInfo.qrCode`).
 *
 * @example
 * ```ts
 * const info = parseWire(AccountOrWalletInfo, instructions.accountOrWalletInfo, 'Payment info')
 * ```
 */
export const AccountOrWalletInfo = variants('accountType', STATED_VARIANTS)
export type AccountOrWalletInfo = z.infer<typeof AccountOrWalletInfo> & {
  reference?: string
  qrCode?: string
  accountNumber?: string
  paymentUrl?: string
  payloadToSign?: string
}

/**
 * Instructions for funding a quote.
 *
 * @example
 * ```ts
 * const [first] = quote.paymentInstructions ?? []
 * if (first?.accountOrWalletInfo.accountType === 'BRL_ACCOUNT') showPixQr(first.accountOrWalletInfo.qrCode)
 * ```
 */
export const PaymentInstructions = z.looseObject({
  accountOrWalletInfo: AccountOrWalletInfo,
  instructionsNotes: z.optional(z.string()),
  isPlatformAccount: z.optional(z.boolean()),
})
export type PaymentInstructions = z.infer<typeof PaymentInstructions>
