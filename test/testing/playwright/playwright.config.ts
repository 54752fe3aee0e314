import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../../browser/chromium.mjs'

// The Playwright fixtures' own tests (`npm run e2e`). No server: each test answers its page's
// requests itself (`page.route`), on a localhost URL so that the page is a secure context.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../../test-results/testing-playwright',
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 90_000,
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
})
