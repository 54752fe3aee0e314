// The "Sandbox throughput (one core)" section of the bench report, from `measureSandbox()`'s result.

const int = (n) => Math.round(n).toLocaleString('en-US')
const us = (n) => n.toFixed(0)
const pct = (n) => `${(n * 100).toFixed(0)} %`
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1)
const seconds = (ms) => (ms / 1000).toFixed(1)
const minutes = (ms) => (ms / 60_000).toFixed(0)

/** `≥ target: ok`, or `≥ target: **missed by N %**`. */
function verdict(value, target) {
  if (value >= target) return `≥ ${int(target)}: ok`
  return `≥ ${int(target)}: **missed by ${pct((target - value) / target)}**`
}

function legRows(flow, legs) {
  return Object.entries(legs).map(
    ([leg, { n, meanUs, perOpUs }]) => `| ${flow} | ${leg} | ${int(n)} | ${us(meanUs)} | ${us(perOpUs)} |`,
  )
}

function throughputTable({
  targets,
  logins,
  loginFloor,
  passkeyLogins,
  verifyStamp,
  rawVerify,
  signedRetry,
}) {
  const row = (name, r, target = '') =>
    `| ${name} | **${int(r.perSecond)}** | ${r.sandboxOnlyPerSecond ? int(r.sandboxOnlyPerSecond) : ''} | ` +
    `${us(r.medianUs)} | ${us(r.p95Us)} | ${us(r.cpuPerOpUs)} | ${pct(r.cpuShare)} | ${int(r.n)} | ${target} |`
  return [
    '| operation | per second | sandbox alone /s | median µs | p95 µs | CPU µs/op | CPU share | timed | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    row(
      'OTP login: challenge, `encryptOtp`, verify → 202, stamp, verify → 200',
      logins,
      `${verdict(logins.sandboxOnlyPerSecond, targets.loginsPerSecond)} (sandbox alone)`,
    ),
    row('ref: the 19 WebCrypto calls an OTP login cannot avoid, alone', loginFloor),
    row(
      'passkey login: challenge, WebAuthn assertion (software authenticator), verify → session',
      passkeyLogins,
      'none set',
    ),
    row(
      '`verifyStamp(header, payload)`, 100 keys',
      verifyStamp,
      verdict(verifyStamp.perSecond, targets.verificationsPerSecond),
    ),
    row('ref: `crypto.subtle.verify`, keys imported once', rawVerify),
    row('signed retry: PATCH /internal-accounts/{id} → 202, stamp, retry → 200', signedRetry, 'none set'),
  ]
}

function targetLines({ targets, runtime, logins, loginFloor, passkeyLogins, verifyStamp, rawVerify }) {
  const loginWhy =
    'Per login the sandbox makes 23 WebCrypto calls: 3 for the challenge (target key, its export, the bundle ' +
    "signature), 18 to open the HPKE bundle (16 of them @hpke/core's KEM and key schedule, which the wire " +
    'formats require instead of a hand-rolled one), 2 to check the stamp. Each is a hop to the thread pool on ' +
    `the same core, and OpenSSL ${runtime.openssl} (Node ${runtime.node}) makes EC key generation, import and ` +
    'ECDH slow (several hundred µs each here); the floor row shows what the public-key and AES-GCM calls of both sides allow alone ' +
    `(${int(loginFloor.perSecond)}/s). The rest of the sandbox's time is HTTP objects, routing and JSON.`
  const verifyWhy =
    rawVerify.perSecond < targets.verificationsPerSecond
      ? `Bare \`crypto.subtle.verify\` reached ${int(rawVerify.perSecond)}/s on this core in this run: the ` +
        'core, not the kit, is below the target (see CPU share and load average).'
      : `verifyStamp runs at ${pct(verifyStamp.perSecond / rawVerify.perSecond)} of bare ` +
        `\`crypto.subtle.verify\` (${int(rawVerify.perSecond)}/s); the difference is the stamp's decoding in the ` +
        'kit (base64url, JSON, DER), which the sandbox does not own.'
  return [
    `- **${int(targets.loginsPerSecond)} OTP logins/s** (the sandbox on one core): the sandbox alone sustains ` +
      `**${int(logins.sandboxOnlyPerSecond)}/s**, ${verdict(logins.sandboxOnlyPerSecond, targets.loginsPerSecond)}. ` +
      `With the kit's client side on the same core (TEK, bundle check, HPKE seal, stamp) ${int(logins.perSecond)}/s, ` +
      `${verdict(logins.perSecond, targets.loginsPerSecond)}. ` +
      (logins.sandboxOnlyPerSecond >= targets.loginsPerSecond ? '' : loginWhy),
    `- **${int(targets.verificationsPerSecond)} verifications/s**: verifyStamp ${int(verifyStamp.perSecond)}/s, ` +
      `${verdict(verifyStamp.perSecond, targets.verificationsPerSecond)}. ${verifyWhy}`,
    `- **Passkey logins**: ${int(passkeyLogins.perSecond)}/s with the client side, ` +
      `${int(passkeyLogins.sandboxOnlyPerSecond)}/s for the sandbox alone; no target is set for them.`,
  ]
}

function memoryLines({ memory, counts }) {
  const { before, after, atStart, creation } = memory
  return [
    `**${int(memory.accounts)} accounts: RSS ${mb(after.rss)} MB**, created in **${seconds(creation.elapsedMs)} s** ` +
      `(${int(creation.perSecond)} accounts/s). An account is a customer with its embedded wallet and EMAIL_OTP ` +
      'credential, created as the test harness does: POST /customers, GET its wallet, GET its credentials ' +
      `(${int(counts.memoryCustomers * 3)} requests). A fresh pinned child with \`--expose-gc\`, four full GCs ` +
      `before each reading: RSS ${mb(atStart.rss)} MB with the code loaded, ${mb(before.rss)} MB with the sandbox ` +
      `started and one account, ${mb(after.rss)} MB with all of them (+${mb(after.rss - before.rss)} MB, ` +
      `≈ ${int(memory.perAccountBytes.rss)} B per account); V8 heap used ${mb(before.heapUsed)} → ` +
      `${mb(after.heapUsed)} MB (≈ ${int(memory.perAccountBytes.heapUsed)} B per account). ` +
      `Creation, ms per 1,000 accounts in order: ${creation.marks.map((m) => int(m.msPer1000)).join(', ')} ` +
      '(the first thousand warms the JIT up; lookups by customer and by wallet are indexed, so the rest stays ' +
      'flat as the store grows).',
  ]
}

/** The body of the "Sandbox throughput (one core)" section of the bench report. */
export function sandboxMarkdown(result) {
  const { pinning, counts, logins, verifyStamp, signedRetry, passkeyLogins } = result
  const { loadAverage1m: load } = pinning
  const pinned = pinning.applied
    ? `pinned with \`${pinning.tool}\` (allowed CPUs: ${pinning.cpusAllowed})`
    : `**not pinned** (${pinning.reason}; allowed CPUs: ${pinning.cpusAllowed})`
  const rounds = passkeyLogins.sandboxClockAdvancedMs / passkeyLogins.challengeIntervalMs
  return [
    `One child Node process ${pinned}, UV_THREADPOOL_SIZE=${pinning.uvThreadpoolSize} (WebCrypto's thread pool ` +
      'shares the core); kit and sandbox bundled from src/ with esbuild; requests go to `sandbox.fetch` ' +
      'in-process (no network) through a relay that adds HTTP Basic. One operation at a time after warm-up. ' +
      'The client side (session keys, bundle check, HPKE seal, stamping, the signed-retry wrapper, the ' +
      'authenticator) runs in the same process and is included in the per-second rates; "sandbox alone" counts ' +
      'only the time inside `sandbox.fetch`.',
    '',
    ...throughputTable(result),
    '',
    'Targets:',
    '',
    ...targetLines(result),
    '',
    'CPU µs/op: CPU time of the whole process (main thread, thread pool, V8 helpers) per operation; CPU ' +
      'share: that CPU time over wall time (below 100 % when other processes got the core). ' +
      `Load average (1 min) ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after, on ${load.cpus} CPUs: ` +
      'pinning keeps the bench on one core, not other processes off it.',
    '',
    `OTP logins rotate over the EMAIL_OTP credentials of ${counts.customers} customers (sandbox with ` +
      `\`challengeIntervalMs: 0\`, \`log: () => {}\`), ${int(logins.warmup)} warm-up, ${int(logins.n)} timed; time ` +
      `inside \`sandbox.fetch\`: ${pct(logins.sandboxShare)} of the login. The reference row runs only the ` +
      'public-key and AES-GCM calls of one login (both sides), without HTTP, schemas or the HPKE key schedule. ' +
      `Passkey logins rotate over ${counts.passkeys} customers, each with a passkey registered once in setup ` +
      '(OTP sign-in, then a signed POST /auth/credentials with a software authenticator: P-256, "none" ' +
      'attestation, a signature counter); each sign-in uses a new client-held session key. The sandbox keeps ' +
      `its per-credential challenge limit (\`challengeIntervalMs\`, ${int(passkeyLogins.challengeIntervalMs / 1000)} s): ` +
      'its clock is moved forward by that interval (`sandbox.clock.advance`) at the start of every round over the ' +
      `credentials (${int(rounds)} rounds, ${minutes(passkeyLogins.sandboxClockRanMs)} min of sandbox time), ` +
      `so challenges that expire meanwhile are pruned as in a long-lived sandbox; ${int(passkeyLogins.warmup)} ` +
      `warm-up, ${int(passkeyLogins.n)} timed; time inside \`sandbox.fetch\`: ${pct(passkeyLogins.sandboxShare)}. ` +
      `verifyStamp rotates over ${counts.stampKeys} keys and payloads (${int(verifyStamp.warmup)} warm-up). ` +
      `Signed retries rotate over the session keys of ${counts.customers} signed-in customers in a fresh sandbox; ` +
      `time inside \`sandbox.fetch\`: ${pct(signedRetry.sandboxShare)}. A signed retry is two requests around ` +
      'one verification: the verification target does not apply to it.',
    '',
    'Time inside `sandbox.fetch` per request:',
    '',
    '| flow | request | count | mean µs | µs per sign-in / retry |',
    '| --- | --- | ---: | ---: | ---: |',
    ...legRows('OTP login', logins.legs),
    ...legRows('passkey login', passkeyLogins.legs),
    ...legRows('signed retry', signedRetry.legs),
    '',
    ...memoryLines(result),
  ].join('\n')
}
