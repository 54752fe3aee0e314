/**
 * The activity types a relay issues itself (`createRelay`), for acts the service carries out on the
 * API secret alone: enrolling or removing an SCA factor, completing an SCA factor's reset (which
 * clears it and, for SMS, sets the phone its codes go to), changing the email or phone number
 * an SCA customer's codes go to, and trusting a beneficiary (its payments then need no code). The service never issues these types, so a signature over one of them
 * is worth nothing to the service, and a signature over the service's activities nothing to the
 * relay. Their `organizationId` is `RELAY_ORGANIZATION`: the relay does not know the wallet's.
 *
 * @example
 * ```ts
 * if (activity.type === RELAY_ACTIVITY_TYPES.removeScaFactor) showRemoval(activity.parameters.credentialId)
 * ```
 */
export const RELAY_ACTIVITY_TYPES = {
  addScaFactor: 'ACTIVITY_TYPE_RELAY_ADD_SCA_FACTOR',
  removeScaFactor: 'ACTIVITY_TYPE_RELAY_REMOVE_SCA_FACTOR',
  resetScaFactor: 'ACTIVITY_TYPE_RELAY_RESET_SCA_FACTOR',
  trustBeneficiary: 'ACTIVITY_TYPE_RELAY_TRUST_BENEFICIARY',
  updateEmail: 'ACTIVITY_TYPE_RELAY_UPDATE_CUSTOMER_EMAIL',
  updatePhoneNumber: 'ACTIVITY_TYPE_RELAY_UPDATE_CUSTOMER_PHONE_NUMBER',
} as const

/** The `organizationId` of a relay's activities. */
export const RELAY_ORGANIZATION = 'relay'

/**
 * Whether `type` is one of the relay's own activity types.
 *
 * @example
 * ```ts
 * isRelayActivityType('ACTIVITY_TYPE_RELAY_REMOVE_SCA_FACTOR') // true
 * ```
 */
export function isRelayActivityType(type: string): boolean {
  return (Object.values(RELAY_ACTIVITY_TYPES) as string[]).includes(type)
}
