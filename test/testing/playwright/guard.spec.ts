// The guard fails a test on what it watches for (asserted with test.fail(): the test must fail),
// and lets a clean one pass.
import type { Page } from '@playwright/test'
import { expect, test as guarded, type WalletGuard } from '../../../src/testing/playwright/index.js'
import { CODE_PAGE, ORIGIN, serveApp } from './fixtureTestKit.js'
import { type SocketApp, startSocketApp } from './socketApp.js'

// Sends the code field's value to the backend when it changes: `how` decides in what form.
const sendCode = (how: string) => `
  document.querySelector('#code').addEventListener('change', (event) => {
    const code = event.target.value
    ${how}
  })`

// test.fail() passes on any failure: this makes sure it is the guard's. The guard depends on the
// authenticatorOptions option, so this teardown runs after the guard's and reads its verdict; any
// other failure (or none) turns the expected failure into an unexpected one.
const test = guarded.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  authenticatorOptions: async ({}, use, testInfo) => {
    await use({})
    if (testInfo.expectedStatus !== 'failed') return
    const [only, ...more] = testInfo.errors
    if (!only?.message?.includes('wallet guard') || more.length > 0) testInfo.expectedStatus = 'passed'
  },
})

test.describe('the guard', () => {
  test('passes a clean page whose code leaves only encrypted', async ({ page, guard }) => {
    // A stand-in for the kit's HPKE: the code never leaves as its own digits.
    await serveApp(
      page,
      CODE_PAGE,
      sendCode(`
        const sealed = [...new TextEncoder().encode(code)].map((b) => (b ^ 0x5a).toString(16)).join('')
        fetch('/api/verify', { method: 'POST', body: JSON.stringify({ encryptedOtp: sealed }) })`),
    )
    await page.goto(`${ORIGIN}/`)
    const sent = page.waitForRequest('**/api/verify')
    await guard.typeCode(page.locator('#code'), '482913')
    await page.locator('#code').dispatchEvent('change')
    await sent
    expect(guard.problems()).toEqual([])
  })

  test('fails a test whose page breaks its Content-Security-Policy', async ({ page, guard }) => {
    test.fail()
    await serveApp(page, '<p>Hello</p><script>document.title = "inline"</script>')
    await page.goto(`${ORIGIN}/`)
    await expect.poll(() => guard.problems()).toEqual([expect.stringMatching(/^CSP violation .*script-src/)])
  })

  test('fails on a violation in another page of the context, closed before the end', async ({
    context,
    guard,
  }) => {
    test.fail()
    const other = await context.newPage()
    await serveApp(other, '<p>Hello</p><img src="https://images.example/a.png">')
    await other.goto(`${ORIGIN}/`)
    await expect.poll(() => guard.problems()).toHaveLength(1)
    await other.close()
  })

  test('fails a test whose page sends a typed code in clear in a body', async ({ page, guard }) => {
    test.fail()
    await serveApp(
      page,
      CODE_PAGE,
      sendCode(`fetch('/api/verify', { method: 'POST', body: JSON.stringify({ otp: code }) })`),
    )
    await page.goto(`${ORIGIN}/`)
    const sent = page.waitForRequest('**/api/verify')
    await guard.typeCode(page.locator('#code'), '482913')
    await page.locator('#code').dispatchEvent('change')
    await sent
    expect(guard.problems()).toEqual([`OTP code 482913 in clear in the body to ${ORIGIN}/api/verify`])
  })

  test('fails a test whose page sends a typed code in clear in a URL', async ({ page, guard }) => {
    test.fail()
    await serveApp(page, CODE_PAGE, sendCode("fetch('/api/verify?code=' + code)"))
    await page.goto(`${ORIGIN}/`)
    const sent = page.waitForRequest('**/api/verify?*')
    await guard.typeCode(page.locator('#code'), '482913')
    await page.locator('#code').dispatchEvent('change')
    await sent
    expect(guard.problems()).toEqual([`OTP code 482913 in clear in the URL ${ORIGIN}/api/verify?code=482913`])
  })

  test('fails a test whose page sends a typed code in base64 in a body', async ({ page, guard }) => {
    test.fail()
    await serveApp(
      page,
      CODE_PAGE,
      sendCode(`fetch('/api/verify', { method: 'POST', body: JSON.stringify({ otp: btoa(code) }) })`),
    )
    await page.goto(`${ORIGIN}/`)
    const sent = page.waitForRequest('**/api/verify')
    await guard.typeCode(page.locator('#code'), '482913')
    await page.locator('#code').dispatchEvent('change')
    await sent
    expect(guard.problems()).toEqual([
      `OTP code 482913 in clear (base64) in the body to ${ORIGIN}/api/verify`,
    ])
  })

  test.describe('on a WebSocket', () => {
    // The page opens a socket to its own server at once, and sends on it what `how` makes of the code.
    const sendOnSocket = (how: string) => `
      const socket = new WebSocket(location.origin.replace('http', 'ws') + '/live')
      const open = new Promise((resolve) => socket.addEventListener('open', resolve))
      ${sendCode(`open.then(() => socket.send(${how}))`)}`

    // Starts an app of its own serving `script` (stopped at the end of the test); its origin.
    const socketTest = test.extend<{ app: (script: string) => Promise<string> }>({
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
      app: async ({}, use) => {
        const started: SocketApp[] = []
        await use(async (script) => {
          const app = await startSocketApp(script)
          started.push(app)
          return app.origin
        })
        for (const app of started) await app.close()
      },
    })

    // Types the code once the page's socket is there; what the page sent on it.
    const typeAndSend = async (page: Page, guard: WalletGuard, origin: string) => {
      const opened = page.waitForEvent('websocket')
      await page.goto(`${origin}/`)
      const socket = await opened
      const sent = socket.waitForEvent('framesent')
      await guard.typeCode(page.locator('#code'), '482913')
      await page.locator('#code').dispatchEvent('change')
      return (await sent).payload
    }

    socketTest(
      'fails a test whose page sends a typed code in a WebSocket message',
      async ({ page, guard, app }) => {
        socketTest.fail()
        const origin = await app(sendOnSocket('JSON.stringify({ type: "verify", otp: code })'))
        await typeAndSend(page, guard, origin)
        expect(guard.problems()).toEqual([
          `OTP code 482913 in clear in a WebSocket message to ${origin.replace('http', 'ws')}/live`,
        ])
      },
    )

    socketTest('fails on a code spelled out in a binary WebSocket message', async ({ page, guard, app }) => {
      socketTest.fail()
      const origin = await app(sendOnSocket('new TextEncoder().encode([...code].join(" "))'))
      expect(await typeAndSend(page, guard, origin)).toEqual(Buffer.from('4 8 2 9 1 3'))
      expect(guard.problems()).toEqual([
        `OTP code 482913 in clear (spelled out) in a WebSocket message to ${origin.replace('http', 'ws')}/live`,
      ])
    })

    socketTest('fails on a code in the URL of a WebSocket the page opens', async ({ page, guard, app }) => {
      socketTest.fail()
      const origin = await app(
        sendCode(
          `new WebSocket(location.origin.replace('http', 'ws') + '/live?otp=' + encodeURIComponent(code))`,
        ),
      )
      await page.goto(`${origin}/`)
      const opened = page.waitForEvent('websocket')
      await guard.typeCode(page.locator('#code'), '482913')
      await page.locator('#code').dispatchEvent('change')
      await opened
      expect(guard.problems()).toEqual([
        `OTP code 482913 in clear in the URL ${origin.replace('http', 'ws')}/live?otp=482913`,
      ])
    })

    socketTest(
      'passes a page whose WebSocket messages hold the digits only inside longer numbers',
      async ({ page, guard, app }) => {
        const origin = await app(
          sendOnSocket('JSON.stringify({ at: Number("1775" + code + "0000"), id: btoa("1" + code) })'),
        )
        expect(await typeAndSend(page, guard, origin)).toEqual('{"at":17754829130000,"id":"MTQ4MjkxMw=="}')
        expect(guard.problems()).toEqual([])
      },
    )
  })

  test("watches the sandbox's code untyped: one filled in without the guard fails too", async ({
    page,
    guard,
  }) => {
    test.fail()
    await serveApp(page, CODE_PAGE, sendCode(`fetch('/api/verify', { method: 'POST', body: code })`))
    await page.goto(`${ORIGIN}/`)
    const sent = page.waitForRequest('**/api/verify')
    await page.locator('#code').fill('000000')
    await page.locator('#code').dispatchEvent('change')
    await sent
    expect(guard.problems()).toHaveLength(1)
  })

  test.describe('with watchedCodes: []', () => {
    test.use({ watchedCodes: [] })
    test('does not watch the sandbox code unless told', async ({ page, guard }) => {
      await serveApp(page, CODE_PAGE, sendCode(`fetch('/api/verify', { method: 'POST', body: code })`))
      await page.goto(`${ORIGIN}/`)
      const sent = page.waitForRequest('**/api/verify')
      await page.locator('#code').fill('000000')
      await page.locator('#code').dispatchEvent('change')
      await sent
      expect(guard.problems()).toEqual([])
    })
  })

  test('does not take the digits inside a longer number or hex string for the code', async ({
    page,
    guard,
  }) => {
    await serveApp(page, CODE_PAGE)
    await page.goto(`${ORIGIN}/`)
    guard.watchCode('482913')
    await page.evaluate(() =>
      fetch('/api/quotes?amount=14829130', { method: 'POST', body: '{"bundle":"ab482913cd"}' }),
    )
    expect(guard.problems()).toEqual([])
  })

  test('guards a page in another browser context', async ({ guard }) => {
    test.fail()
    const other = await guard.newGuardedPage()
    await serveApp(other, '<script>eval("1")</script>')
    await other.goto(`${ORIGIN}/`)
    await expect.poll(() => guard.problems()).toHaveLength(1)
  })
})
