// A new user's customer on the wallet service, as the service's contract has a platform make one:
// `POST /customers` (the service provisions the customer's embedded wallet with an EMAIL_OTP
// sign-in method on the email given), then the wallet found among the customer's internal
// accounts. An EU customer is created with the mobile number: the service needs it verified from
// creation on, to text the codes of its strong customer authentication.
import type { ServiceCall } from './serviceApi.js'
import { ServiceRefused } from './serviceApi.js'
import type { SignUp } from './signUpForm.js'

/** The new customer and their embedded wallet. */
export interface WalletCustomer {
  customerId: string
  accountId: string
}

/**
 * Creates the customer of `form` on the service, with `platformCustomerId` (the app's own id of
 * the user), and finds their wallet.
 *
 * @example
 * ```ts
 * const { customerId, accountId } = await createWalletCustomer(call, form, crypto.randomUUID())
 * ```
 */
export async function createWalletCustomer(
  call: ServiceCall,
  form: SignUp,
  platformCustomerId: string,
): Promise<WalletCustomer> {
  const customer = await call<{ id: string }>('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId,
    // The region is where the customer lives: the service applies that region's rules (SCA in the EU).
    region: form.country,
    fullName: form.fullName,
    email: form.email,
    ...(form.phoneNumber ? { phoneNumber: form.phoneNumber } : {}),
  })
  const query = new URLSearchParams({ customerId: customer.id, type: 'EMBEDDED_WALLET' })
  const { data } = await call<{ data: Array<{ id: string }> }>('GET', `/customers/internal-accounts?${query}`)
  const wallet = data[0]
  // A customer without a wallet is the service's surprise, not the person's mistake.
  if (!wallet) throw new ServiceRefused(502)
  return { customerId: customer.id, accountId: wallet.id }
}
