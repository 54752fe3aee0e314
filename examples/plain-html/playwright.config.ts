import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../../test/browser/chromium.mjs'

// The plain HTML example's tests. The spec starts the sandbox and the page's backend itself, so
// there is no webServer here. One worker: the tests share them.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/plain-html/results',
  workers: 1,
  retries: 0,
  reporter: 'list',
  // Bounds, not goals: a test on a busy machine (2 cores at load 10) takes several times longer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
})
