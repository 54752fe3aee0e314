import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../test/browser/chromium.mjs'

// The end-to-end suite: the demo page (`npm run demo`: Vite, the demo backend with the relay, and
// the local sandbox, and the signer document on its own origin) driven in Chromium with a CDP
// virtual authenticator. Ports 5175 (page), 5176 (signer) and 8788 (sandbox), so a developer's open
// demo on 5173/5174/8787 does not clash.
const DEMO_URL = 'http://localhost:5175'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results/e2e',
  // One worker: the tests share one sandbox, and some of them move its clock or arm the expiry of
  // the next signed-retry challenge, which would reach a test running beside them.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Bounds, not goals: a test on a busy machine (2 cores at load 10) takes several times longer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: DEMO_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
  webServer: {
    command: 'npm run demo',
    // The service's own header name, end to end: the page, the relay and the sandbox take it from one setting.
    // DEMO_WATCH=0: no live reload of the page when a file changes during the run.
    env: {
      DEMO_PORT: '5175',
      DEMO_SIGNER_PORT: '5176',
      DEMO_SANDBOX_PORT: '8788',
      DEMO_SIGNATURE_HEADER: 'Grid-Wallet-Signature',
      DEMO_WATCH: '0',
    },
    url: DEMO_URL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
