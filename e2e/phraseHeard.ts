// The recovery phrase as a screen reader gets it: <wallet-export-reveal> shows it in a closed
// shadow root (no page script, nor Playwright, reads it there), as a numbered list, which Chromium's
// accessibility tree gives as list markers ("1. ") each followed by its word.
import type { Page } from '@playwright/test'

/** The phrase's words with their numbers ("1. word"), from Chromium's accessibility tree. */
export async function numberedWords(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ ignored: boolean; role?: { value?: unknown }; name?: { value?: unknown } }>
    }
    const seen = nodes
      .filter((node) => !node.ignored)
      .map((node) => ({ role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '') }))
    return seen.flatMap((node, index) => {
      const next = seen[index + 1]
      const numbered = node.role === 'ListMarker' && /^\d+\. $/.test(node.name)
      return numbered && next?.role === 'StaticText' && /^[a-z]+$/.test(next.name)
        ? [`${node.name}${next.name}`]
        : []
    })
  } finally {
    await session.detach()
  }
}

/** The phrase a screen reader reads now (its numbered words from 1, joined), if one is shown. */
export async function phraseRead(page: Page): Promise<string | undefined> {
  const words = await numberedWords(page)
  const numbered = words.every((word, index) => word.startsWith(`${index + 1}. `))
  if (words.length < 12 || !numbered) return undefined
  return words.map((word) => word.slice(word.indexOf(' ') + 1)).join(' ')
}
