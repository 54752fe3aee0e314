// A text-message sign-in is on the account as soon as it is added, but usable only once its
// first code was typed (that code turns it on). The service's list does not say which are not
// yet: the page remembers the ones it added (by id, harmless to keep) until their code is typed.
const KEY_PREFIX = 'embedded-wallet-auth-demo:unconfirmed:'

/** Marks a method just added as waiting for its first code. */
export function rememberUnconfirmed(methodId: string): void {
  localStorage.setItem(`${KEY_PREFIX}${methodId}`, '1')
}

/** Its first code was typed (or it was removed): usable, or gone. */
export function forgetUnconfirmed(methodId: string): void {
  localStorage.removeItem(`${KEY_PREFIX}${methodId}`)
}

/** Whether a method still waits for its first code. */
export function isUnconfirmed(methodId: string): boolean {
  return localStorage.getItem(`${KEY_PREFIX}${methodId}`) !== null
}
