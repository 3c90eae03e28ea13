import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

/**
 * The bare React Router page for scripts/bench.ts: the stock plugin and nothing else (no Tailwind,
 * no tsconfig paths, no custom server entry). Built with `--config` from this directory.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [reactRouter()],
  build: { target: 'es2022' },
  environments: { ssr: { build: { target: 'node24' } } },
})
