export {
  type AuthorizeScaOptions,
  authorizeSca,
  type ScaAuthorization,
  type ScaStep,
  type ScaSubject,
} from './authorizeSca.js'
export { passkeyScaAuthorization } from './passkeyScaAuthorization.js'
