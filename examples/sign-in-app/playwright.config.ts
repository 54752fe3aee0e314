import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../../test/browser/chromium.mjs'

// The example app's tests. The spec starts the sandbox and the app itself (it gives the app the
// sandbox's URL), so there is no webServer here. One worker: the tests share them.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/sign-in-app/results',
  workers: 1,
  retries: 0,
  reporter: 'list',
  // Bounds, not goals: a test on a busy machine (2 cores at load 10) takes several times longer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // In your app: `use: { ...devices['Desktop Chrome'] }` is enough. Here, the project's Chromium.
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
})
