import * as z from 'zod/mini'

// The customer fields of the service's contract that the sandbox keeps. Unknown members are dropped
// (`z.object` strips them), so what the sandbox answers stays within the contract.

const Email = z.email()
/**
 * A phone number in E.164 form, as the contract takes one.
 *
 * @example
 * ```ts
 * E164.safeParse('+14155551234').success // true
 * ```
 */
export const E164 = z.string().check(z.regex(/^\+[1-9]\d{1,14}$/, 'phoneNumber: E.164, e.g. +14155551234'))
const UmaAddress = z.string().check(z.regex(/^\$[^@\s]+@[^@\s]+$/, 'umaAddress: $name@domain'))
const Country = z.string().check(z.regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2'))
const Strings = z.array(z.string())

const Address = z.object({
  line1: z.string(),
  line2: z.optional(z.string()),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
  postalCode: z.string(),
  country: z.string(),
})

const EndUserTermsConsent = z.object({
  acceptedAt: z.iso.datetime({ offset: true }),
  ipAddress: z.string().check(z.maxLength(45)),
  termsVersion: z.string(),
  acceptanceMethod: z.enum(['CHECKBOX', 'CLICK_TO_ACCEPT']),
})

const TransactionCount = z.enum([
  'COUNT_UNDER_10',
  'COUNT_10_TO_100',
  'COUNT_100_TO_500',
  'COUNT_500_TO_1000',
  'COUNT_OVER_1000',
])
const TransactionVolume = z.enum([
  'VOLUME_UNDER_10K',
  'VOLUME_10K_TO_100K',
  'VOLUME_100K_TO_1M',
  'VOLUME_1M_TO_10M',
  'VOLUME_OVER_10M',
])
const PurposeOfAccount = z.enum([
  'CONTRACTOR_PAYOUTS',
  'CREATOR_PAYOUTS',
  'EMPLOYEE_PAYOUTS',
  'MARKETPLACE_SELLER_PAYOUTS',
  'SUPPLIER_PAYMENTS',
  'CROSS_BORDER_B2B',
  'AR_AUTOMATION',
  'AP_AUTOMATION',
  'EMBEDDED_PAYMENTS',
  'PLATFORM_FEE_COLLECTION',
  'P2P_TRANSFERS',
  'CHARITABLE_DONATIONS',
  'OTHER',
])

/** What an individual customer carries beside the common fields (identity and due diligence). */
const IndividualFields = {
  fullName: z.optional(z.string().check(z.minLength(1))),
  birthDate: z.optional(z.iso.date()),
  nationality: z.optional(z.string()),
  address: z.optional(Address),
  idType: z.optional(z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID'])),
  // Write-only: kept, never shown.
  identifier: z.optional(z.string()),
  countryOfIssuance: z.optional(z.string()),
  sourceOfFundsCategories: z.optional(
    z.array(
      z.enum([
        'SALARY',
        'SELF_EMPLOYMENT_INCOME',
        'INVESTMENT_INCOME',
        'PENSION',
        'RENTAL_INCOME',
        'GIFT',
        'INHERITANCE',
        'LOAN',
        'SAVINGS',
        'SALE_OF_ASSETS',
        'OTHER',
      ]),
    ),
  ),
  sourceOfFundsOtherDescription: z.optional(z.string()),
  sourceOfWealthCategories: z.optional(
    z.array(
      z.enum([
        'SALARY',
        'BUSINESS_INCOME',
        'INVESTMENTS',
        'INHERITANCE',
        'PROPERTY_SALE',
        'GIFT',
        'RETIREMENT',
        'SAVINGS',
        'OTHER',
      ]),
    ),
  ),
  sourceOfWealthOtherDescription: z.optional(z.string()),
  purposeOfAccount: z.optional(PurposeOfAccount),
  purposeOfAccountOtherDescription: z.optional(z.string()),
  expectedMonthlyTransactionCount: z.optional(TransactionCount),
  expectedMonthlyTransactionVolume: z.optional(TransactionVolume),
  annualIncomeRange: z.optional(
    z.enum(['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M']),
  ),
  netWorthRange: z.optional(
    z.enum(['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M']),
  ),
  pepStatus: z.optional(z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE'])),
}

/** A business's own information, as given (every member of the contract optional: an update). */
const BusinessInfoUpdate = z.object({
  legalName: z.optional(z.string().check(z.minLength(1))),
  doingBusinessAs: z.optional(z.string()),
  country: z.optional(z.string()),
  registrationNumber: z.optional(z.string()),
  incorporatedOn: z.optional(z.iso.date()),
  entityType: z.optional(
    z.enum([
      'SOLE_PROPRIETORSHIP',
      'PARTNERSHIP',
      'LLC',
      'CORPORATION',
      'S_CORPORATION',
      'NON_PROFIT',
      'PUBLICLY_LISTED_COMPANY',
      'TRUST',
      'PRIVATE_FOUNDATION',
      'CHARITY',
      'OTHER',
    ]),
  ),
  taxId: z.optional(z.string()),
  countriesOfOperation: z.optional(Strings),
  businessType: z.optional(z.string()),
  purposeOfAccount: z.optional(PurposeOfAccount),
  sourceOfFunds: z.optional(z.string()),
  expectedMonthlyTransactionCount: z.optional(TransactionCount),
  expectedMonthlyTransactionVolume: z.optional(TransactionVolume),
  expectedRecipientJurisdictions: z.optional(Strings),
  naicsCode: z.optional(z.string().check(z.regex(/^\d{2,6}$/))),
  sourceOfFundsCategories: z.optional(Strings),
  sourceOfFundsOtherDescription: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  purposeOfAccountOtherDescription: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  expectedCounterpartyCountries: z.optional(Strings),
  primaryContactFirstName: z.optional(z.string().check(z.maxLength(250))),
  primaryContactLastName: z.optional(z.string().check(z.maxLength(250))),
})

/** At creation a business names itself, its country, its tax id and its date of incorporation. */
const BusinessInfo = z.object({
  ...BusinessInfoUpdate.shape,
  legalName: z.string().check(z.minLength(1)),
  country: Country,
  taxId: z.string().check(z.minLength(1)),
  incorporatedOn: z.iso.date(),
})

const Common = {
  currencies: z.optional(Strings),
  email: z.optional(Email),
  phoneNumber: z.optional(E164),
  umaAddress: z.optional(UmaAddress),
  endUserTermsConsent: z.optional(EndUserTermsConsent),
}

/**
 * `POST /customers` bodies the sandbox takes (the contract's create request of either type).
 *
 * @example
 * ```ts
 * const { value } = await readBody(c, CustomerCreate)
 * ```
 */
export const CustomerCreate = z.discriminatedUnion('customerType', [
  z.object({
    customerType: z.literal('INDIVIDUAL'),
    platformCustomerId: z.optional(z.string().check(z.minLength(1))),
    region: z.optional(Country),
    ...Common,
    ...IndividualFields,
  }),
  z.object({
    customerType: z.literal('BUSINESS'),
    platformCustomerId: z.optional(z.string().check(z.minLength(1))),
    region: z.optional(Country),
    ...Common,
    address: z.optional(Address),
    businessInfo: BusinessInfo,
  }),
])

/**
 * `PATCH /customers/{id}` bodies (the contract's update request of either type: `customerType`
 * always, everything else optional).
 *
 * @example
 * ```ts
 * const body = await readBody(c, CustomerUpdate)
 * ```
 */
export const CustomerUpdate = z.discriminatedUnion('customerType', [
  z.object({ customerType: z.literal('INDIVIDUAL'), ...Common, ...IndividualFields }),
  z.object({
    customerType: z.literal('BUSINESS'),
    ...Common,
    address: z.optional(Address),
    businessInfo: z.optional(BusinessInfoUpdate),
  }),
])
