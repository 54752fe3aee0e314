// Node only. The Playwright fixtures are in embedded-wallet-auth/testing/playwright, so that this
// entry does not load @playwright/test (an optional peer dependency).
export {
  type CollectWebhooksOptions,
  collectWebhooks,
  type ReceivedWebhook,
  type WebhookCollector,
} from './collectWebhooks.js'
export {
  startTestSandbox,
  type TestCustomer,
  type TestCustomerFields,
  type TestSandbox,
  type TestSandboxOptions,
} from './startTestSandbox.js'
