import fs from 'node:fs'
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
    { name: 'js', testIgnore: /process\.spec\.ts/, use: { browserName: 'chromium', javaScriptEnabled: true } },
    { name: 'no-js', testIgnore: /process\.spec\.ts/, use: { browserName: 'chromium', javaScriptEnabled: false } },
    // The production process itself: start-up checks, the data-directory lock, graceful shutdown.
    { name: 'process', testMatch: /process\.spec\.ts/ },
  ],
  webServer: {
    command: `node e2e/support/serve.ts`,
    url: `http://localhost:${PORT}/v1/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
