import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../../browser/chromium.mjs'

// The isolated signer against a hostile script in the app's page, in Chromium. The spec starts
// its three origins itself; one worker, as they share them.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../../test-results/signer-attacks/results',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
})
