import { demoApi } from './demoApi.js'

// In sandbox mode the sandbox tools move the sandbox's clock: time passes for the whole demo
// world, so the page's clock follows it (the kit's expiry and ID-token checks, the countdowns).
// Against a real service the offset stays 0 and this is the device clock.
let offset = 0

/** The demo's clock: the sandbox's time in sandbox mode, the device's otherwise. */
export const demoClock = {
  now: (): number => Date.now() + offset,
  /** Adopts `serverNow` (ISO 8601) as the current time. */
  adopt(serverNow: string | undefined): void {
    const parsed = serverNow === undefined ? Number.NaN : Date.parse(serverNow)
    offset = Number.isNaN(parsed) ? 0 : parsed - Date.now()
  },
  /** Re-reads the sandbox's time (after anything that may have moved it). */
  async sync(): Promise<void> {
    demoClock.adopt((await demoApi.config()).now)
  },
}
