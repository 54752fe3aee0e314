// The recovery phrase as a screen reader gets it: <wallet-export-reveal> (keys in the page, in a
// closed shadow root) or the signer's dialog (in its own frame, another origin: no page script
// reaches it) shows it as a numbered list, which Chromium's
// accessibility tree gives as list markers ("1. ") each followed by its word.
import type { CDPSession, Frame, Page } from '@playwright/test'

/**
 * The phrase's words with their numbers ("1. word"), from Chromium's accessibility tree of `page`,
 * or of `frame` (the signer's, on its own origin: a tree of its own).
 */
export async function numberedWords(page: Page, frame?: Frame): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  try {
    // The signer's origin is the same site as the page's: Chromium runs its frame in the page's
    // process, so its tree is asked of the page's session by the frame's id.
    const frameId = frame ? await cdpFrameId(session, frame.url()) : undefined
    const { nodes } = (await session.send('Accessibility.getFullAXTree', frameId ? { frameId } : {})) as {
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

interface FrameTree {
  frame: { id: string; url: string }
  childFrames?: FrameTree[]
}

/** The DevTools id of the frame at `url` in the page of `session`. */
async function cdpFrameId(session: CDPSession, url: string): Promise<string> {
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: FrameTree }
  const find = (tree: FrameTree): string | undefined =>
    tree.frame.url === url ? tree.frame.id : tree.childFrames?.map(find).find(Boolean)
  const id = find(frameTree)
  if (!id) throw new Error(`No frame at ${url} in the page.`)
  return id
}

/** The phrase a screen reader reads now (its numbered words from 1, joined), if one is shown. */
export async function phraseRead(page: Page, frame?: Frame): Promise<string | undefined> {
  const words = await numberedWords(page, frame)
  const numbered = words.every((word, index) => word.startsWith(`${index + 1}. `))
  if (words.length < 12 || !numbered) return undefined
  return words.map((word) => word.slice(word.indexOf(' ') + 1)).join(' ')
}
