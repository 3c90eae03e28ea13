import fs from 'node:fs'
import { defineConfig } from '@playwright/test'
import { ALERTS_PORT, PORT } from './e2e/support/ports'

const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  // A loaded CI machine (the PostgreSQL API tests run beside these) can take seconds to render a page.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Offline without JavaScript (the browser's own error, no service worker) is the no-js project's alone.
    { name: 'js', testIgnore: /(process|offline-nojs|translated-pages)\.spec\.ts/, use: { browserName: 'chromium', javaScriptEnabled: true } },
    // Offline recording is an enhancement of JavaScript (ADR 053): its spec runs with JavaScript only.
    { name: 'no-js', testIgnore: /(process|offline)\.spec\.ts/, use: { browserName: 'chromium', javaScriptEnabled: false } },
    // The production process itself: start-up checks, the data-directory lock, graceful shutdown.
    { name: 'process', testMatch: /process\.spec\.ts/ },
  ],
  // The server every spec drives, and one with the alert scan running every second for
  // e2e/alerts.spec.ts (e2e/support/serve.ts says why).
  webServer: [
    { E2E_PORT: String(PORT), E2E_SERVER: 'main' },
    { E2E_PORT: String(ALERTS_PORT), E2E_SERVER: 'alerts' },
  ].map((env: Record<string, string>) => ({
    command: `node e2e/support/serve.ts`,
    url: `http://localhost:${env.E2E_PORT}/v1/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
})
