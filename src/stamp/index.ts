export { STAMP_SCHEME, stamp, WALLET_SIGNATURE_HEADER } from './stamp.js'
export {
  type StampableChallenge,
  type StampChallengeOptions,
  stampChallenge,
} from './stampChallenge.js'
export { type StampVerification, verifyStamp } from './verifyStamp.js'
