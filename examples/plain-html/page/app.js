// The page's script: plain JavaScript, no bundler. It runs the kit's browser file pinned by the
// integrity the page names for it, and only then takes its exports. In signer mode: the session
// key, the code box and the person's confirmations are in the signer document's frame, on another
// origin; this page asks for acts and never holds a key, a code or a phrase.

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
const { createFramedWalletAuth } = await importPinned(kit.content, kit.dataset.integrity).catch((error) => {
  $('#starting').textContent = 'The wallet could not start: its code was refused or did not load.'
  throw error
})

// The signer trusts the OTP signer its own deployment names (here the sandbox's), never the page.
const wallet = createFramedWalletAuth({ signer: { url: $('meta[name="wallet-signer"]').content } })

const who = $('#who')
const signIn = $('#sign-in')
const passkeySignIn = $('#passkey-sign-in')
const sendCode = $('#send-code')
const codeWhere = $('#code-where')
const typeCode = $('#type-code')
const signInStatus = $('#sign-in-status')
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

const emailMethod = () => account.methods.find((method) => method.type === 'EMAIL_OTP')
const passkeyMethod = () => account.methods.findLast((method) => method.type === 'PASSKEY')

/** Offers the account's ways in: its email code, and its passkey once it has one. */
function showSignIn() {
  passkeySignIn.hidden = passkeyMethod() === undefined
  sendCode.hidden = emailMethod() === undefined
  codeWhere.hidden = true
  typeCode.hidden = true
  report(signInStatus, '')
  home.hidden = true
  signIn.hidden = false
}

function showHome() {
  signIn.hidden = true
  report(homeStatus, '')
  home.hidden = false
}

/**
 * Writes the outcome of an action in `where`; when it failed, the error's code goes on the line
 * after it, for support, kept out of the sentence (a screen reader announces the sentence alone).
 */
function report(where, sentence, error) {
  where.textContent = sentence
  let reference = where.nextElementSibling
  if (!reference?.classList.contains('code-ref')) {
    reference = document.createElement('p')
    reference.className = 'code-ref'
    where.after(reference)
  }
  reference.textContent = error ? `Reference for support: ${error.code ?? 'UNKNOWN'}` : ''
  reference.hidden = !error
}

/** Runs `act` with `button` disabled meanwhile. */
async function busy(button, act) {
  button.disabled = true
  try {
    await act()
  } finally {
    button.disabled = false
  }
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

// The signer draws the code box over the page and takes the code there; this settles when the
// person's code signed in, or when they closed the box.
async function codeInSigner() {
  typeCode.hidden = true
  report(signInStatus, '')
  try {
    await wallet.emailOtp.verify(emailMethod().id)
    showHome()
  } catch (error) {
    typeCode.hidden = false
    if (error.code === 'CONFIRMATION_DECLINED')
      report(signInStatus, 'You closed the wallet window before typing the code.')
    else report(signInStatus, 'You are not signed in.', error)
  }
}

sendCode.addEventListener('click', () =>
  busy(sendCode, async () => {
    try {
      await wallet.emailOtp.send(emailMethod().id)
    } catch (error) {
      report(signInStatus, 'We could not send a code.', error)
      return
    }
    codeWhere.hidden = false
    await codeInSigner()
  }),
)
typeCode.addEventListener('click', () => busy(typeCode, codeInSigner))

// WebAuthn runs in the signer's frame, on its origin (the passkey is bound to the RP ID both share).
passkeySignIn.addEventListener('click', () =>
  busy(passkeySignIn, async () => {
    const passkey = passkeyMethod()
    try {
      await wallet.passkey.signIn(passkey.id, {
        accountId: account.accountId,
        allowCredentials: [passkey.credentialId],
      })
      showHome()
    } catch (error) {
      report(signInStatus, 'You are not signed in.', error)
    }
  }),
)

// A credential added is a sensitive act: the person confirms it in the signer's own dialog first.
$('#add-passkey').addEventListener('click', () =>
  busy($('#add-passkey'), async () => {
    try {
      const optionsJSON = await api('/api/passkey-options', {})
      report(homeStatus, 'Confirm in the wallet window.')
      await wallet.passkey.add({ accountId: account.accountId, nickname: 'This device', optionsJSON })
      report(homeStatus, 'Passkey added.')
    } catch (error) {
      report(homeStatus, 'The passkey was not added.', error)
    }
  }),
)

// The signed action: the wallet's privacy, changed by a request the signer sends and signs (a
// setting that moves nothing: no confirmation).
$('#make-private').addEventListener('click', async () => {
  try {
    const response = await wallet.fetch(`/api/wallet/internal-accounts/${account.accountId}`, {
      method: 'PATCH',
      body: JSON.stringify({ privateEnabled: true }),
    })
    if (!response.ok) throw Object.assign(new Error('refused'), { code: `HTTP_${response.status}` })
    const { privateEnabled } = await response.json()
    report(homeStatus, privateEnabled ? 'The wallet is private.' : 'The wallet is not private.')
  } catch (error) {
    report(homeStatus, 'The wallet was not changed.', error)
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
