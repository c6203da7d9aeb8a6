/**
 * `npm start` and the split-role scripts: run the compiled server (dist/server/, api/build/server.mjs) in this very
 * process, with no tsx and no extra process. When the server's sources changed since the last build (a fresh clone,
 * an edit), it is bundled again first (about a second, without the type check `npm run build` does), and the UI is
 * built when its sources changed, as before. `node api/build/start.mjs demo` starts the demo instead.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleServer, serverBuildDir, serverBuildIsCurrent, serverFingerprint } from './server.mjs'

const entry = process.argv[2] === 'demo' ? 'demo' : 'main'
const fingerprint = serverFingerprint()
if (!serverBuildIsCurrent(fingerprint)) {
  console.log('Building the server (sources changed since the last build)…')
  await bundleServer(fingerprint)
}
const build = serverBuildDir(fingerprint)
// As before: `npm start` and the demo build the UI when it is stale; the split roles (ROLES set, docker-compose) do not,
// their image built it (`npm run build`) and runs as a user that may not write dist/.
if (!process.env.ROLES) {
  const { ensureUiBuild } = await import(pathToFileURL(path.join(build, 'ensure-ui.js')).href)
  ensureUiBuild()
}
process.setSourceMapsEnabled(true)
await import(pathToFileURL(path.join(build, `${entry}.js`)).href)
