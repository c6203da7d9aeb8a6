import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const here = path.dirname(fileURLToPath(import.meta.url))
const pkg = JSON.parse(fs.readFileSync(path.join(here, '../package.json'), 'utf8'))

export default defineConfig({
  root: here,
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: path.join(here, '../dist/ui'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Fewer, larger files: a page used to fetch some 30 of a few hundred bytes each, and a phone's browser asks
        // six at a time over HTTP/1.1, a round trip a batch (docs/architecture.md, "UI chunks").
        codeSplitting: {
          groups: [
            // what every page loads (React, the router, the layout), apart from the entry itself
            { name: 'shell', tags: ['$initial'], test: (id) => !/[\\/]ui[\\/](main\.tsx|index\.html)$/.test(id), priority: 2 },
            { name: 'common', test: /[\\/]ui[\\/](components|lib)[\\/]|[\\/]schemas[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api/pyfa': { target: 'http://127.0.0.1:3000', ws: true }, // fitting-session VNC websockets
      '/api': 'http://127.0.0.1:3000',
      '/auth': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
})
