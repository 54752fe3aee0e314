// One valid value of every schema src/wire exports: the starting points of the mutations the
// property tests apply. Built from the vectors where a format has one.
import encryptedOtp from '../vectors/encrypted-otp.json' with { type: 'json' }
import sealedKeys from '../vectors/sealed-key.json' with { type: 'json' }
import stampVectors from '../vectors/stamp.json' with { type: 'json' }
import targetBundles from '../vectors/target-bundle.json' with { type: 'json' }
import walletExports from '../vectors/wallet-export.json' with { type: 'json' }

const first = <T>(cases: T[]): T => {
  const [value] = cases
  if (value === undefined) throw new Error('vector file without cases')
  return value
}

const at = '2026-11-22T02:30:00.000Z'
const later = '2026-11-22T02:35:00+01:00'
const bundle = first(targetBundles.cases)
const otp = first(encryptedOtp.cases)
const exported = first(walletExports.cases)
const stampCase = first(stampVectors.cases)

const accountInfo = { accountType: 'BRL_ACCOUNT', qrCode: '00020126580014br.gov.bcb.pix' }
const scaChallenge = {
  id: 'ScaChallenge:1',
  expiresAt: later,
  factor: 'PASSKEY',
  availableFactors: ['PASSKEY', 'SMS_OTP'],
  purpose: 'QUOTE_EXECUTION',
  passkeyAssertionOptions: { challenge: 'aGk' },
  passkeyAllowedOrigins: ['https://wallet.example'],
}
const clientKeySession = {
  id: 'Session:1',
  accountId: 'InternalAccount:1',
  type: 'EMAIL_OTP',
  nickname: 'laptop',
  createdAt: at,
  updatedAt: at,
  expiresAt: later,
}

/** Valid samples by export name of src/wire/index.ts. */
export const WIRE_SAMPLES: Record<string, unknown> = {
  AuthMethod: {
    id: 'AuthMethod:1',
    accountId: 'InternalAccount:1',
    type: 'EMAIL_OTP',
    nickname: 'mail',
    credentialId: 'cred',
    otpEncryptionTargetBundle: bundle.bundle,
    createdAt: at,
    updatedAt: at,
  },
  CredentialType: 'SMS_OTP',
  Customer: {
    id: 'Customer:1',
    customerType: 'INDIVIDUAL',
    platformCustomerId: 'user-1',
    email: 'ada@example.com',
    phoneNumber: '+14155550123',
    umaAddress: '$ada@uma.example',
    createdAt: at,
    updatedAt: at,
  },
  DelegatedKey: {
    id: 'DelegatedKey:1',
    cardId: 'Card:1',
    fundingSourceId: 'CardFundingSource:1',
    accountId: 'InternalAccount:1',
    publicKey: stampCase.publicKeyCompressed,
    nickname: 'Card payments key',
    status: 'ACTIVE',
    createdAt: at,
    updatedAt: later,
  },
  SealedAuthSession: {
    encryptedSessionSigningKey: first(sealedKeys.cases).encryptedSessionSigningKey,
    expiresAt: later,
    id: 'Session:2',
    accountId: 'InternalAccount:1',
    type: 'PASSKEY',
  },
  ClientKeyAuthSession: clientKeySession,
  AuthSession: clientKeySession,
  SignedEnclaveBundle: JSON.parse(bundle.bundle),
  OtpTargetBundle: JSON.parse(bundle.bundle),
  OtpTargetData: JSON.parse(bundle.dataJson),
  WalletExportData: JSON.parse(exported.dataJson),
  EncryptedOtpBundle: JSON.parse(otp.encryptedOtpBundle),
  OtpPlaintext: JSON.parse(otp.plaintext),
  ErrorBody: {
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'No.',
    details: { field: 'x' },
    reason: 'Invalid OTP code',
  },
  OidcClaims: {
    iss: 'https://issuer.example',
    aud: ['client'],
    sub: 'user',
    iat: 1_700_000_000,
    exp: 1_700_000_600,
    nonce: 'n',
    email: 'a@b.example',
  },
  PasskeyAssertion: {
    credentialId: 'Y3JlZA',
    clientDataJson: 'e30',
    authenticatorData: 'AAAA',
    signature: 'MEUC',
    userHandle: 'dQ',
  },
  PasskeyAttestation: {
    credentialId: 'Y3JlZA',
    clientDataJson: 'e30',
    attestationObject: 'o2Nm',
    transports: ['internal'],
  },
  PasskeyAuthChallenge: { challenge: '00ff', requestId: 'Request:1', expiresAt: later },
  AccountOrWalletInfo: accountInfo,
  PaymentInstructions: {
    accountOrWalletInfo: accountInfo,
    instructionsNotes: 'Pay by Pix',
    isPlatformAccount: false,
  },
  Amount: 1050,
  Base64Url: 'aGk',
  CompressedPublicKeyHex: stampCase.publicKeyCompressed,
  UncompressedPublicKeyHex: stampCase.publicKeyUncompressed,
  DateTime: at,
  Hex: '00ff',
  CounterpartyInformation: { FULL_NAME: 'Ada', BIRTH_DATE: '1990-01-01' },
  Currency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
  OutgoingRateDetails: {
    counterpartyMultiplier: 1.02,
    counterpartyFixedFee: 10,
    gridApiMultiplier: 0.98,
    gridApiFixedFee: 5,
    gridApiVariableFeeRate: 0.01,
    gridApiVariableFeeAmount: 3,
  },
  Quote: {
    id: 'Quote:1',
    status: 'PENDING_AUTHORIZATION',
    createdAt: at,
    expiresAt: later,
    source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example', currency: 'MXN' },
    sendingCurrency: { code: 'USD', decimals: 2 },
    receivingCurrency: { code: 'MXN', decimals: 2 },
    totalSendingAmount: 1000,
    totalReceivingAmount: 17000,
    exchangeRate: 17,
    feesIncluded: 10,
    platformFeesIncluded: 0,
    paymentInstructions: [{ accountOrWalletInfo: { accountType: 'USD_ACCOUNT', reference: 'R1' } }],
    transactionId: null,
    counterpartyInformation: { FULL_NAME: 'Bob' },
    rateDetails: {
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      gridApiMultiplier: 1,
      gridApiFixedFee: 0,
      gridApiVariableFeeRate: 0,
      gridApiVariableFeeAmount: 0,
    },
    scaChallenge,
  },
  QuoteDestination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:1', paymentRail: 'SPEI' },
  QuoteSource: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', cryptoNetwork: 'SOLANA' },
  QuoteStatus: 'COMPLETED',
  ScaChallenge: scaChallenge,
  SignedRetryChallenge: {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    payloadToSign: '{"type":"ACTIVITY_TYPE_STAMP_LOGIN"}',
    requestId: 'Request:7e1f2a3b',
    expiresAt: later,
  },
}
