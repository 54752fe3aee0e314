export type {
  ActivityExpectation,
  ParameterPattern,
  PayloadChecker,
  PayloadExpectation,
  PayloadLeg,
} from '../intent/activityExpectation.js'
export { checkPayload } from '../intent/checkPayload.js'
export { type Activity, readActivity } from '../intent/readActivity.js'
export { errorFromResponse } from './errorFromResponse.js'
export { type WithWalletSignatureOptions, withWalletSignature } from './withWalletSignature.js'
