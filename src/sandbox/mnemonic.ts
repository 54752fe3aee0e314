// A sandbox wallet's secret phrase: 12 random words. Not a BIP-39 phrase (no checksum); it only
// has to survive the sealed round trip of an export.
const WORDS = [
  'apple',
  'breeze',
  'candle',
  'desert',
  'ember',
  'forest',
  'garden',
  'harbor',
  'island',
  'jungle',
  'kettle',
  'lantern',
  'meadow',
  'needle',
  'orbit',
  'pepper',
  'quartz',
  'river',
  'saddle',
  'timber',
  'umbrella',
  'velvet',
  'willow',
  'yonder',
  'zephyr',
  'anchor',
  'basket',
  'copper',
  'dolphin',
  'engine',
  'falcon',
  'glacier',
]

/** Twelve random words. */
export function newMnemonic(): string {
  const picks = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(picks, (pick) => WORDS[pick % WORDS.length]).join(' ')
}
