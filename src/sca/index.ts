export {
  type AuthorizeScaOptions,
  authorizeSca,
  type ScaAuthorization,
  type ScaStep,
  type ScaSubject,
} from './authorizeSca.js'
export { passkeyScaAuthorization } from './passkeyScaAuthorization.js'
export type { PasskeyEnrolmentStart, TotpEnrolmentStart } from './scaEnrolment.js'
export type { ScaFactorList, ScaFactorView } from './scaFactor.js'
export type { ScaLoginComplete, ScaLoginStart } from './scaLogin.js'
export { type ScaLoginRequired, scaLoginRequired } from './scaLoginRequired.js'
