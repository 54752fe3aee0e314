/** Playwright `launchOptions` for Chromium (see chromium.mjs): the Chromium findChromium finds. */
export declare const chromiumLaunchOptions: { executablePath?: string; channel?: string; args: string[] }
