import { ACCOUNT_TYPES } from '../../wire/paymentInstructions.js'
import { invalidInput } from '../sandboxError.js'
import type { SandboxCurrency } from './currencies.js'
import { badRequest } from './moneyErrors.js'

// Deposit networks of stablecoins (QuoteSource `cryptoNetwork`) -> the wallet variant to pay to.
const NETWORK_ACCOUNT_TYPES: Record<string, string> = {
  SOLANA: 'SOLANA_WALLET',
  ETHEREUM: 'ETHEREUM_WALLET',
  BASE: 'BASE_WALLET',
  POLYGON: 'POLYGON_WALLET',
  TRON: 'TRON_WALLET',
  PLASMA: 'PLASMA_WALLET',
  SPARK: 'SPARK_WALLET',
  LIGHTNING: 'LIGHTNING',
  BITCOIN: 'BITCOIN_L1',
}

/**
 * The deposit networks a stablecoin funding source may name.
 *
 * @example
 * ```ts
 * CRYPTO_NETWORKS.includes('SOLANA') // true
 * ```
 */
export const CRYPTO_NETWORKS: readonly string[] = Object.keys(NETWORK_ACCOUNT_TYPES)

/**
 * Where to pay a real-time-funding quote: a platform account of the sending currency with the
 * reference that credits the payment (a PIX QR code for BRL), or a wallet on the stablecoin's
 * network. In the sandbox the payment is simulated with `POST /sandbox/send`.
 *
 * @example
 * ```ts
 * fundingInstructions({ currency: requireCurrency('EUR'), quoteId })
 * // [{ accountOrWalletInfo: { accountType: 'EUR_ACCOUNT', reference: 'SBX-…', … }, … }]
 * ```
 */
export function fundingInstructions(options: {
  currency: SandboxCurrency
  cryptoNetwork?: string
  quoteId: string
}): Array<Record<string, unknown>> {
  const { currency, cryptoNetwork, quoteId } = options
  const token = quoteId.replace(/^Quote:/, '').replaceAll('-', '')
  const reference = `SBX-${token.slice(0, 10).toUpperCase()}`
  const notes = 'Sandbox: no payment is needed; simulate it with POST /sandbox/send.'
  let info: Record<string, unknown>
  if (currency.stablecoin) {
    const accountType = cryptoNetwork ? NETWORK_ACCOUNT_TYPES[cryptoNetwork] : undefined
    if (!accountType) {
      throw invalidInput(`${currency.code} funding needs a cryptoNetwork.`, {
        cryptoNetworks: CRYPTO_NETWORKS,
      })
    }
    info =
      accountType === 'LIGHTNING'
        ? { accountType, invoice: `lnbcrt1sandbox${token}` }
        : { accountType, address: `sandbox${token}`, assetType: currency.code }
  } else if (currency.code === 'BRL') {
    info = {
      accountType: 'BRL_ACCOUNT',
      qrCode: `00020126580014br.gov.bcb.pix0136${token}5204000053039865802BR`,
    }
  } else {
    const accountType = `${currency.code}_ACCOUNT`
    if (!(ACCOUNT_TYPES as readonly string[]).includes(accountType)) {
      throw badRequest('UNSUPPORTED_CURRENCY', `${currency.code} cannot fund a quote in real time.`)
    }
    info = {
      accountType,
      ...(currency.code === 'INR' ? {} : { reference }),
      bankName: 'Sandbox Settlement Bank',
      accountNumber: `9${token.replace(/\D/g, '').padEnd(11, '0').slice(0, 11)}`,
    }
  }
  return [{ accountOrWalletInfo: info, instructionsNotes: notes, isPlatformAccount: true }]
}
