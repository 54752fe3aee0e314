// What the page says about the session-key modes. OTP sign-ins always get a client-held key (the
// code is encrypted to a key this browser made, which becomes the session key: wire-formats
// section 2), so "sealed" is for passkey and Google sign-ins only, and the page says so rather
// than show "client-held" unexplained after the user chose "sealed".
import type { SessionMode } from './demoApp.js'

/** Why an email or text-message code session is client-held whatever the mode chosen. */
export const OTP_IS_CLIENT_HELD = 'email and text-message codes always use a key made in this browser'

/** The line under the mode's list: what the chosen mode does. */
export function modeHint(mode: SessionMode): string {
  return mode === 'sealed'
    ? 'The service seals a session key to this browser (passkey and Google sign-ins).'
    : 'This browser makes the session key and signs with it.'
}

/** What the page says when `mode` is chosen. */
export function modeChosen(mode: SessionMode): string {
  return mode === 'sealed'
    ? 'New passkey and Google sign-ins will use a sealed session key. Email and text-message codes always use a client-held one.'
    : 'New sign-ins will use a client-held session key.'
}

/** The line in place of the mode's list in signer mode, where the signer makes every session key. */
export const SIGNER_MODE_HINT =
  'Session keys: made and kept by the signer frame (client-held); the mode list is in the page-held mode only.'
