export { AuthMethod, CredentialType } from './authMethod.js'
export { AuthSession, ClientKeyAuthSession, SealedAuthSession } from './authSession.js'
export { Customer } from './customer.js'
export { DelegatedKey } from './delegatedKey.js'
export {
  EncryptedOtpBundle,
  OtpPlaintext,
  OtpTargetBundle,
  OtpTargetData,
  SignedEnclaveBundle,
  WalletExportData,
} from './enclaveBundles.js'
export { ErrorBody } from './errorBody.js'
export { OidcClaims } from './oidcClaims.js'
export { parseWire, parseWireJson } from './parseWire.js'
export { PasskeyAssertion, PasskeyAttestation } from './passkeyAssertion.js'
export { PasskeyAuthChallenge } from './passkeyAuthChallenge.js'
export {
  ACCOUNT_TYPES,
  AccountOrWalletInfo,
  type AccountType,
  PaymentInstructions,
} from './paymentInstructions.js'
export {
  Amount,
  Base64Url,
  CompressedPublicKeyHex,
  DateTime,
  Hex,
  prefixedId,
  UncompressedPublicKeyHex,
} from './primitives.js'
export {
  CounterpartyInformation,
  Currency,
  OutgoingRateDetails,
  Quote,
  QuoteDestination,
  QuoteSource,
  QuoteStatus,
} from './quote.js'
export { ScaChallenge } from './scaChallenge.js'
export { SignedRetryChallenge } from './signedRetryChallenge.js'
