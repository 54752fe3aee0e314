import { invalidInput } from '../sandboxError.js'
import type { SandboxCurrency } from './currencies.js'
import { badRequest } from './moneyErrors.js'

// Deposit networks (QuoteSource `cryptoNetwork`) -> the wallet variant to pay to, and the assets
// that variant takes (absent: any).
const NETWORKS: Record<string, { accountType: string; assets?: readonly string[] }> = {
  SOLANA: { accountType: 'SOLANA_WALLET', assets: ['USDC', 'USDT'] },
  ETHEREUM: { accountType: 'ETHEREUM_WALLET', assets: ['USDC', 'USDT'] },
  BASE: { accountType: 'BASE_WALLET', assets: ['USDC'] },
  POLYGON: { accountType: 'POLYGON_WALLET', assets: ['USDC'] },
  TRON: { accountType: 'TRON_WALLET', assets: ['USDT'] },
  PLASMA: { accountType: 'PLASMA_WALLET', assets: ['USDT'] },
  SPARK: { accountType: 'SPARK_WALLET' },
  LIGHTNING: { accountType: 'LIGHTNING' },
  BITCOIN: { accountType: 'BITCOIN_L1', assets: ['BTC'] },
}

/**
 * The deposit networks a stablecoin funding source may name.
 *
 * @example
 * ```ts
 * CRYPTO_NETWORKS.includes('SOLANA') // true
 * ```
 */
export const CRYPTO_NETWORKS: readonly string[] = Object.keys(NETWORKS)

/** `count` decimal digits drawn from a hex token (stable for one token). */
function digits(token: string, count: number, offset = 0): string {
  let out = ''
  for (let i = 0; out.length < count; i++) {
    out += String(Number.parseInt(token[(offset + i) % token.length] ?? '0', 16) % 10)
  }
  return out
}

// The bank details of each fiat currency's settlement account, by the fields its account-info
// variant requires. `rails` are the instant rails a quote may be funded on.
function bankDetails(code: string, token: string): Record<string, unknown> | undefined {
  switch (code) {
    case 'USD':
      return {
        accountNumber: `9${digits(token, 11)}`,
        routingNumber: '021000021',
        bankName: 'Sandbox Settlement Bank',
        paymentRails: ['RTP', 'FEDNOW', 'ACH', 'WIRE'],
      }
    case 'EUR':
      return {
        iban: `DE89${digits(token, 18)}`,
        swiftCode: 'SBXBDEFF',
        paymentRails: ['SEPA_INSTANT', 'SEPA'],
      }
    case 'GBP':
      return {
        sortCode: digits(token, 6),
        accountNumber: digits(token, 8, 6),
        paymentRails: ['FASTER_PAYMENTS'],
      }
    case 'MXN':
      return { clabeNumber: digits(token, 18), paymentRails: ['SPEI'] }
    case 'CAD':
      return {
        bankCode: digits(token, 3),
        branchCode: digits(token, 5, 3),
        accountNumber: digits(token, 10, 8),
        paymentRails: ['BANK_TRANSFER'],
      }
    case 'INR':
      return { accountNumber: digits(token, 12), ifsc: 'SBXI0000001', rail: 'NEFT', paymentRails: ['NEFT'] }
    case 'NGN':
      return {
        accountNumber: digits(token, 10),
        bankName: 'Sandbox Settlement Bank',
        paymentRails: ['BANK_TRANSFER'],
      }
    case 'PHP':
      return {
        bankName: 'Sandbox Settlement Bank',
        accountNumber: digits(token, 12),
        paymentRails: ['BANK_TRANSFER'],
      }
    case 'KES':
      return {
        phoneNumber: `+254${digits(token, 9)}`,
        provider: 'Sandbox Mobile Money',
        paymentRails: ['MOBILE_MONEY'],
      }
    case 'XOF':
      return {
        phoneNumber: `+221${digits(token, 9)}`,
        provider: 'Sandbox Mobile Money',
        region: 'SN',
        paymentRails: ['MOBILE_MONEY'],
      }
    default:
      return undefined
  }
}

/**
 * Where to pay money in: a settlement account of the currency with the reference that credits the
 * payment (a PIX QR code for BRL; no reference for INR, whose variant has none), or a wallet on a
 * stablecoin's network. `token` (hex) makes the details and the reference stable for one quote or
 * account. In the sandbox such payments are simulated (`POST /sandbox/send`, the fund endpoint).
 * 400 `INVALID_CURRENCY` for a currency or network that cannot be paid in this way.
 *
 * @example
 * ```ts
 * fundingInstructions({ currency: requireCurrency('EUR'), token: 'e85dcbd6dced4ec4', isPlatformAccount: true })
 * // [{ accountOrWalletInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89…', paymentRails: [...], reference: 'SBX-…' }, … }]
 * ```
 */
export function fundingInstructions(options: {
  currency: SandboxCurrency
  cryptoNetwork?: string
  token: string
  isPlatformAccount: boolean
  notes?: string
}): Array<Record<string, unknown>> {
  const { currency, cryptoNetwork, token, isPlatformAccount, notes } = options
  const reference = `SBX-${token.slice(0, 10).toUpperCase()}`
  let info: Record<string, unknown>
  if (currency.stablecoin) {
    const network = cryptoNetwork === undefined ? undefined : NETWORKS[cryptoNetwork]
    if (!network) {
      throw invalidInput(`${currency.code} funding needs a cryptoNetwork.`, {
        cryptoNetworks: CRYPTO_NETWORKS,
      })
    }
    if (network.assets && !network.assets.includes(currency.code)) {
      throw badRequest('INVALID_CURRENCY', `${currency.code} cannot be paid in on ${cryptoNetwork}.`)
    }
    const { accountType } = network
    info =
      accountType === 'LIGHTNING'
        ? { accountType, invoice: `lnbcrt1sandbox${token}` }
        : accountType === 'BITCOIN_L1'
          ? { accountType, address: `bcrt1q${token}`, network: 'BITCOIN' }
          : { accountType, address: `sandbox${token}`, assetType: currency.code }
  } else if (currency.code === 'BRL') {
    info = {
      accountType: 'BRL_ACCOUNT',
      qrCode: `00020126580014br.gov.bcb.pix0136${token}5204000053039865802BR`,
    }
  } else {
    const details = bankDetails(currency.code, token)
    if (!details) throw badRequest('INVALID_CURRENCY', `${currency.code} cannot be paid in here.`)
    info = {
      accountType: `${currency.code}_ACCOUNT`,
      ...details,
      ...(currency.code === 'INR' ? {} : { reference }),
    }
  }
  return [{ accountOrWalletInfo: info, ...(notes ? { instructionsNotes: notes } : {}), isPlatformAccount }]
}
