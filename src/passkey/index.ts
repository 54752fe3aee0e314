export { knownPasskeys } from './knownPasskeys.js'
export {
  type PasskeyAssertionOptions,
  type PasskeyChallengeOptions,
  type PasskeyRequestOptions,
  passkeyAssertion,
} from './passkeyAssertion.js'
export {
  type PasskeyRegistrationBody,
  type PasskeyRegistrationOptions,
  passkeyRegistration,
} from './passkeyRegistration.js'
export { type RevokedPasskey, signalRevokedPasskey } from './signalRevokedPasskey.js'
