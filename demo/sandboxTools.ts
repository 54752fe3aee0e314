// QA tools of the sandbox mode: move the sandbox clock instead of waiting, and make the next
// signed-retry challenge stale to see the "timed out" path.
import { demoApi } from './demoApi.js'
import { runAction } from './demoApp.js'
import { demoClock } from './demoClock.js'
import { byId, setText } from './dom.js'
import { showStatus } from './notices.js'

/** Wires the sandbox tools section; `onClockMoved` runs after each move (what the page shows may have ended). */
export function createSandboxTools(onClockMoved: () => void = () => {}) {
  const advance = (id: string, milliseconds: number, what: string) =>
    byId(id).addEventListener('click', () =>
      runAction(byId(id), async () => {
        const { now } = await demoApi.advanceClock(milliseconds)
        demoClock.adopt(now)
        setText('sandbox-clock', `Sandbox time: ${new Date(now).toLocaleString()}`)
        showStatus(byId(id), `Sandbox clock moved ${what} ahead.`)
        onClockMoved()
      }),
    )
  advance('advance-30s', 30_000, '30 seconds')
  advance('advance-6m', 6 * 60_000, '6 minutes')

  byId('expire-next-challenge').addEventListener('click', () =>
    runAction(byId('expire-next-challenge'), async () => {
      await demoApi.expireNextChallenge()
      showStatus(
        byId('expire-next-challenge'),
        'The next signed-retry challenge will have expired by the time it is signed.',
      )
    }),
  )
}
