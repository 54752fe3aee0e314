// Screenshots of the built site (npm run docs first) for a person to look at: the start page and
// the getting-started guide, at a phone's width (390 px) and a desktop's (1280 px), with the
// project's Chromium. Written to bench/out/docs (git-ignored). `node test/docs/screenshots.mjs`
import { mkdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../browser/chromium.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const OUT = `${ROOT}bench/out/docs`
const PAGES = { start: 'index.html', guide: 'documents/Getting_started.html' }
const WIDTHS = [390, 1280]

mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch(chromiumLaunchOptions)
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    // The site must not reach for the network (no external fonts, scripts or images).
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) throw new Error(`the site fetched ${request.url()}`)
    })
    for (const [name, path] of Object.entries(PAGES)) {
      await page.goto(pathToFileURL(`${ROOT}docs/site/${path}`).href)
      await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: false })
      console.log(`${OUT}/${name}-${width}.png`)
    }
    await page.close()
  }
} finally {
  await browser.close()
}
