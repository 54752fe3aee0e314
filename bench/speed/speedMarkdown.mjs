// Markdown sections of the headless-Chromium speed bench (bench/speed/speed.mjs's result).

const us = (n) => n.toFixed(1)
const ms = (n) => (n / 1e3).toFixed(2)
const times = (n) => `${n.toFixed(2)}×`

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `| --- |${' ---: |'.repeat(header.length - 1)}`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

/** Rows `label | median µs | p95 µs | ratio` of `ops` in the order of `labels` (op name → label). */
const opRows = (ops, ratios, labels) =>
  Object.entries(labels).map(([name, label]) => [
    label,
    us(ops[name].medianUs),
    us(ops[name].p95Us),
    times(ratios[name]),
  ])

/** How far a missed target is off, as the issue asks: the same ratio, against its bound. */
function miss({ value, atMost, atLeast }) {
  if (atMost !== undefined) return `${((value / atMost - 1) * 100).toFixed(0)}% over`
  if (atLeast !== undefined) return `${((1 - value / atLeast) * 100).toFixed(0)}% short`
  return 'not faster'
}

function targetLine(target) {
  const measured = `**${target.value.toFixed(2)}** (IQM ${target.iqmValue.toFixed(2)})`
  return `- ${target.goal}: ${measured}, ${target.met ? 'met' : `**missed: ${miss(target)}**`}.`
}

function signing(speed) {
  const { ops, vsRaw, targets, checks, counts } = speed
  const highS = (name) => `${checks.signing[name].highS}/${checks.signing[name].stamps}`
  return [
    '## Signing speed (headless Chromium)',
    '',
    `One page; ${speed.payloadBytes}-byte JSON payload; ${ops.raw.n} timed calls per op after ` +
      `${counts.warmup} warm-up calls, in alternating batches of ${counts.batch}; timer step ` +
      `${us(speed.timerResolutionUs)} µs (cross-origin isolated: ${speed.crossOriginIsolated}).`,
    '',
    table(
      ['op', 'median µs', 'p95 µs', '× raw'],
      opRows(ops, vsRaw, {
        raw: 'raw `crypto.subtle.sign` (the limit)',
        stamp: 'ours: `stamp(payload, key)`',
        peerIndexedDb: 'peer: `IndexedDbStamper.stamp(payload)`',
        peerApiKey: 'peer: `ApiKeyStamper.stamp(payload)`',
      }),
    ),
    '',
    'raw, `stamp` and the IndexedDB stamper sign with the same non-extractable key from ' +
      '`generateSessionKey()` (the peer stamper after `init()`, given the key with `resetKeyPair`); the ' +
      'API-key stamper takes a fresh P-256 key as hex and imports it again on every stamp. Every ' +
      'stamper’s output was verified before timing (noble, high-S accepted; ours also with ' +
      `\`verifyStamp\`): high-S signatures seen: ours ${highS('stamp')}, peer IndexedDB ${highS('peerIndexedDb')}, ` +
      `peer API key ${highS('peerApiKey')}.`,
    '',
    `Synchronous JS per \`stamp()\` (encode payload, DER, hex, JSON, base64url; bulk-timed): ${us(speed.encodeUs)} µs.`,
    '',
    'Targets (ratios of medians; in brackets, of interquartile means, which the 5 µs timer step does not ' +
      'quantise):',
    '',
    ...Object.values(targets).map(targetLine),
  ]
}

function otp({ otp, vsOurs, hpkeCounts }) {
  const { checks } = otp
  return [
    '## OTP encryption (headless Chromium)',
    '',
    `${otp.ops.encryptOtp.n} timed calls per op after ${hpkeCounts.warmup}, in alternating batches of ` +
      `${hpkeCounts.batch}; same code, TEK and target bundle (${checks.vector}).`,
    '',
    table(
      ['op', 'median µs', 'p95 µs', '× ours'],
      opRows(otp.ops, vsOurs.otp, {
        encryptOtp: 'ours: `encryptOtp({ …, trustedSigners: [signer] })`',
        peerEncryptOtpCodeToBundle: 'peer: `encryptOtpCodeToBundle(code, bundle, key, signer)`',
      }),
    ),
    '',
    'Both check the bundle’s signature against the vector’s signer before encrypting (ours: ' +
      '`trustedSigners`; the peer: its `dangerouslyOverrideSignerPublicKey` argument). Checked before ' +
      `timing: both outputs open to the code with the vector’s target key; ours refuses a forged bundle: ` +
      `${checks.oursRefusesBadSignature}; the peer refuses it: ${checks.peerRefusesBadSignature}, and ` +
      `refuses the vector without the override (production signer): ${checks.peerRefusesUntrustedSigner}. ` +
      'Ours runs HPKE and the signature check on WebCrypto; the peer in pure JS (noble).',
  ]
}

function sealedKey({ sealedKey, vsOurs }) {
  return [
    '## Opening a sealed session key (headless Chromium)',
    '',
    `${sealedKey.ops.openSealedSessionKey.n} timed calls per op, as above; same sealed key and recipient ` +
      `(${sealedKey.checks.vector}).`,
    '',
    table(
      ['op', 'median µs', 'p95 µs', '× ours'],
      opRows(sealedKey.ops, vsOurs.sealedKey, {
        openSealedSessionKey: 'ours: `openSealedSessionKey(sealed, recipient.keyPair)`',
        peerDecryptCredentialBundle: 'peer: `decryptCredentialBundle(sealed, recipientPrivateKeyHex)`',
      }),
    ),
    '',
    'Not the same work: ours ends with a non-extractable WebCrypto session key ready to sign (HPKE ' +
      'open on WebCrypto, then the public key from the scalar, two key imports and the public-key ' +
      'export), from a non-extractable recipient key; the peer (pure JS) takes the recipient key as hex ' +
      'and returns the session private key as hex, which its API-key stamper then re-imports on every stamp.',
  ]
}

function restore({ restore }) {
  const { ours, peer } = restore
  const row = (label, s) => [label, ms(s.medianUs), ms(s.p95Us)]
  const ratioRow = (label, a, b) => [label, times(a.medianUs / b.medianUs), times(a.p95Us / b.p95Us)]
  return [
    '## Restoring the session key on page load (headless Chromium)',
    '',
    `A key stored once in IndexedDB, then ${restore.loads} fresh page loads per side (after ` +
      `${restore.warmupLoads} untimed), alternating ours and the peer’s, in one browser context. ` +
      'Times from `performance.now()` in the loaded page; “navigation →” counts from navigation start.',
    '',
    table(
      ['what is timed', 'median ms', 'p95 ms'],
      [
        row('ours: `createKeyStore()` + `list()` → key', ours.restore),
        row('— of which `createKeyStore()` (open, read and purge)', ours.createKeyStore),
        row('— of which `list()`', ours.list),
        row('peer: `new IndexedDbStamper()` + `init()` → key', peer.restore),
        row('ours: navigation → key', ours.navigationToKey),
        row('peer: navigation → key', peer.navigationToKey),
        row('navigation → bench script start (ours’ loads; page load, no kit code)', ours.navigationToScript),
      ],
    ),
    '',
    table(
      ['ours ÷ peer', 'median', 'p95'],
      [
        ratioRow('restore call', ours.restore, peer.restore),
        ratioRow('navigation → key', ours.navigationToKey, peer.navigationToKey),
      ],
    ),
    '',
    'The restored key is checked (after timing) to be non-extractable and to sign a verifying stamp. ' +
      '`createKeyStore()` reads the store once (purging expired sessions); it writes a throwaway key to ' +
      'prove the browser can store one only when no stored key reads back, so not here. `list()`, asked ' +
      'in the same task, is answered from that read; the peer’s `init()` reads once.',
  ]
}

/** The speed sections (signing, OTP, sealed key, restore on load) as Markdown. */
export function speedMarkdown(speed) {
  return [...signing(speed), '', ...otp(speed), '', ...sealedKey(speed), '', ...restore(speed)].join('\n')
}
