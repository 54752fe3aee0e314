export { PRODUCTION_OTP_SIGNER } from '../crypto/verifyEnclaveBundle.js'
export { type EncryptOtpOptions, encryptOtp } from './encryptOtp.js'
