// The page's script: plain JavaScript, no bundler. It runs the kit's browser file pinned by the
// integrity the page names for it, and only then takes its exports.

const $ = (selector) => document.querySelector(selector)

/**
 * The exports of the module at `src`, once a `<script type="module" integrity>` ran it. An
 * `import` of its URL from this script would fetch it without an integrity: WebKit does so even
 * after refusing the pinned copy, and runs it. After the pinned script ran, the import takes the
 * module it ran, never fetched again.
 */
async function importPinned(src, integrity) {
  await new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { type: 'module', src, integrity })
    script.addEventListener('load', resolve)
    script.addEventListener('error', () => reject(new Error(`${src} was refused`)))
    document.head.append(script)
  })
  return import(src)
}

const kit = $('meta[name="wallet-kit"]')
const { createWalletAuth, defineWalletElements } = await importPinned(
  kit.content,
  kit.dataset.integrity,
).catch((error) => {
  $('#starting').textContent = 'The wallet could not start: its code was refused or did not load.'
  throw error
})

// The OTP signer to trust: the backend names it (in this example, the sandbox's); without one,
// the client trusts the service's own signer.
const signer = $('meta[name="trusted-signer"]')?.content
const wallet = createWalletAuth({ baseUrl: '/api/wallet', ...(signer ? { trustedSigners: [signer] } : {}) })
defineWalletElements({ client: wallet })

const who = $('#who')
const signIn = $('#sign-in')
const otpForm = $('wallet-otp-form')
const passkeyButton = $('wallet-passkey-button')
const home = $('#home')
const homeStatus = $('#home-status')
/** The account signing in, as the backend found it: `{ accountId, methods }`. */
let account

/** The backend's JSON answer to a call of the page's, or an error with its status. */
async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
  if (!response.ok)
    throw Object.assign(new Error(`${path} answered ${response.status}`), { status: response.status })
  return response.json()
}

/** Offers the account's ways in: its email code, and its passkey once it has one. */
function showSignIn() {
  const email = account.methods.find((method) => method.type === 'EMAIL_OTP')
  const passkey = account.methods.findLast((method) => method.type === 'PASSKEY')
  otpForm.credentialId = email?.id
  if (passkey) {
    Object.assign(passkeyButton, {
      accountId: account.accountId,
      credentialId: passkey.id,
      allowCredentials: [passkey.credentialId],
    })
  }
  passkeyButton.hidden = passkey === undefined
  home.hidden = true
  signIn.hidden = false
}

/** Writes the outcome of an action, with the error's code when it failed. */
function report(sentence, error) {
  homeStatus.textContent = error ? `${sentence} Code: ${error.code ?? 'UNKNOWN'}` : sentence
}

who.addEventListener('submit', async (event) => {
  event.preventDefault()
  try {
    account = await api('/api/sign-in', { email: $('#email').value })
  } catch (error) {
    $('#who-error').textContent =
      error.status === 404
        ? 'No wallet for this email.'
        : 'We could not reach the server. Try again in a moment.'
    return
  }
  who.hidden = true
  showSignIn()
})

for (const element of [otpForm, passkeyButton]) {
  element.addEventListener('wallet-signed-in', () => {
    signIn.hidden = true
    homeStatus.textContent = ''
    home.hidden = false
  })
}

$('#add-passkey').addEventListener('click', async () => {
  try {
    const optionsJSON = await api('/api/passkey-options', {})
    await wallet.passkey.add({ accountId: account.accountId, nickname: 'This device', optionsJSON })
    report('Passkey added.')
  } catch (error) {
    report('The passkey was not added.', error)
  }
})

// The signed action: the wallet's privacy, changed by a request the session key signs.
$('#make-private').addEventListener('click', async () => {
  try {
    const response = await wallet.fetch(`/api/wallet/internal-accounts/${account.accountId}`, {
      method: 'PATCH',
      body: JSON.stringify({ privateEnabled: true }),
    })
    if (!response.ok) throw Object.assign(new Error('refused'), { code: `HTTP_${response.status}` })
    const { privateEnabled } = await response.json()
    report(privateEnabled ? 'The wallet is private.' : 'The wallet is not private.')
  } catch (error) {
    report('The wallet was not changed.', error)
  }
})

$('#sign-out').addEventListener('click', async () => {
  await wallet.signOut()
  // A passkey added meanwhile is one more way back in.
  account = await api('/api/account')
  showSignIn()
})

$('#starting').hidden = true
who.hidden = false
