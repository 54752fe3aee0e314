// The signer document as serveSigner serves it: under its policy, its module pinned, its
// deployment's settings beside it, nothing else.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { serveSigner } from '../../src/signer/serveSigner.js'

const DIR = new URL('../../dist/signer-document/', import.meta.url)
const config = { appOrigins: ['https://app.example.com'], baseUrl: 'https://app.example.com/api/wallet' }
const signer = serveSigner({ config, dir: DIR })
const get = (path: string, method = 'GET') =>
  signer(new Request(`https://signer.example.com${path}`, { method }))

describe('serveSigner', () => {
  it('serves the document under the policy: own scripts only, framed by the app alone', async () => {
    const response = await get('/signer.html')
    const policy = response.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("style-src 'self'")
    expect(policy).toContain('frame-ancestors https://app.example.com;')
    expect(policy).toContain("connect-src 'self' https://app.example.com;")
    expect(policy).not.toContain('unsafe')
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=/)
    // The one module it runs is pinned by the hash of the bytes served.
    const module = new Uint8Array(await (await get('/signer.js')).arrayBuffer())
    const integrity = `sha384-${createHash('sha384').update(module).digest('base64')}`
    expect(html).toContain(`src="./signer.js" integrity="${integrity}"`)
    // Compared as bytes at once: a deep equality of 200 KB element by element takes seconds.
    expect(Buffer.compare(module, await readFile(new URL('signer.js', DIR)))).toBe(0)
  })

  it("serves the deployment's settings, not cached", async () => {
    const response = await get('/signer-config.json')
    expect(await response.json()).toEqual(config)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it.each(['/app.js', '/../package.json', '/signer.js.map'])('has no %s', async (path) => {
    expect((await get(path)).status).toBe(404)
  })

  it('takes reads only', async () => {
    expect((await get('/signer.html', 'POST')).status).toBe(405)
  })
})
