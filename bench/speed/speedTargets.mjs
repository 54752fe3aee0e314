// The speed targets and the ratios they are stated in (medians; ratios, not absolute
// times, are what survives these shared, noisy machines).

/** Each target bounds a ratio of medians: `atMost`, `atLeast` or (strictly) `above`. */
export const SPEED_TARGETS = {
  stampVsRaw: { atMost: 1.2, goal: 'stamp / raw sign ≤ 1.2' },
  peerIndexedDbVsStamp: { above: 1, goal: 'faster than the peer’s IndexedDB stamper (peer / stamp > 1)' },
  peerApiKeyVsStamp: { atLeast: 3, goal: '≥ 3× faster than the peer’s API-key stamper (peer / stamp ≥ 3)' },
}

// Two decimals, as reported: a target is judged on the ratio the report shows.
const ratio = (a, b, field = 'medianUs') => Math.round((a[field] / b[field]) * 100) / 100

function isMet(target, value) {
  if (target.atMost !== undefined) return value <= target.atMost
  if (target.atLeast !== undefined) return value >= target.atLeast
  return value > target.above
}

/**
 * `vsRaw`: each signing op's median over the raw sign's. `vsOurs`: for the OTP and sealed-key
 * ops, each op's median over ours. `targets`: each target with its ratio of medians (`value`,
 * which decides `met`) and of interquartile means (`iqmValue`, finer than the timer step).
 */
export function speedRatios({ ops, otp, sealedKey }) {
  const over = (group, base) =>
    Object.fromEntries(Object.entries(group).map(([name, op]) => [name, ratio(op, group[base])]))
  const pairs = {
    stampVsRaw: [ops.stamp, ops.raw],
    peerIndexedDbVsStamp: [ops.peerIndexedDb, ops.stamp],
    peerApiKeyVsStamp: [ops.peerApiKey, ops.stamp],
  }
  const targets = Object.fromEntries(
    Object.entries(SPEED_TARGETS).map(([name, target]) => {
      const [a, b] = pairs[name]
      const value = ratio(a, b)
      return [name, { ...target, value, iqmValue: ratio(a, b, 'iqmUs'), met: isMet(target, value) }]
    }),
  )
  return {
    vsRaw: over(ops, 'raw'),
    vsOurs: { otp: over(otp.ops, 'encryptOtp'), sealedKey: over(sealedKey.ops, 'openSealedSessionKey') },
    targets,
  }
}
