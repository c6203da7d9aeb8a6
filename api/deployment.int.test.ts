import fs from 'node:fs'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { ConfigSchema } from '../schemas/config.js'
import { LARGEST_BODY_MB } from './app.js'
import pkg from '../package.json' with { type: 'json' }

interface Service {
  image?: string
  build?: unknown
  command?: string | string[]
  environment?: Record<string, string | number>
  depends_on?: unknown
  restart?: string
}

const compose = yaml.load(fs.readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service> }
const appServices = Object.entries(compose.services).filter(([, s]) => s.build)

describe('docker-compose.yml (distributed mode)', () => {
  it('has Kafka in KRaft mode, ClickHouse, two api replicas, ingest and pipelines', () => {
    const kafka = compose.services.kafka
    expect(kafka.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller')
    expect(compose.services.clickhouse.image).toMatch(/^clickhouse\/clickhouse-server/)
    const commands = appServices.map(([, s]) => s.command)
    const replicas = appServices.filter(([name, s]) => /^api-\d+$/.test(name) && s.command === 'npm run start:api')
    expect(replicas).toHaveLength(2)
    expect(commands).toContain('npm run start:ingest')
    expect(commands).toContain('npm run start:pipelines')
  })

  it('runs only commands that exist as package.json scripts', () => {
    for (const [name, service] of appServices) {
      const command = Array.isArray(service.command) ? service.command.join(' ') : service.command
      const match = /^npm run ([\w:-]+)$/.exec(command ?? '')
      expect(match, `${name}: command must be 'npm run <script>'`).not.toBeNull()
      expect(Object.keys(pkg.scripts), `${name}: script ${match![1]}`).toContain(match![1])
    }
  })

  it('sets only environment variables the app understands, and points at the server and the broker', () => {
    const known = Object.keys(ConfigSchema.shape)
    for (const [name, service] of appServices) {
      for (const key of Object.keys(service.environment ?? {})) expect(known, `${name}: ${key}`).toContain(key)
      expect(service.environment?.CLICKHOUSE_URL).toBe('http://clickhouse:8123')
      expect(service.environment?.KAFKA_BROKERS).toBe('kafka:9092')
    }
  })

  it('runs the fitting-tool sessions in one api process on the session port, behind nginx', () => {
    const fitting = compose.services.fitting
    expect(fitting.command).toBe('npm run start:api')
    expect(fitting.environment?.PORT).toBe(14500)
    expect(fitting.environment?.FITTING_APP_COMMAND).toBeTruthy()
    const nginx = fs.readFileSync('deploy/nginx.conf', 'utf8')
    expect(nginx).toMatch(/server fitting:14500;/)
    expect(nginx).toMatch(/location \/api\/pyfa\/ \{\s+proxy_pass http:\/\/jst_fitting;/)
    expect(fs.readFileSync('deploy/Dockerfile', 'utf8')).toMatch(/FROM app AS fitting[\s\S]*xvfb x11vnc/)
  })

  it('lets through every body the api accepts, so the api answers a too-large one with its own JSON error', () => {
    const nginx = fs.readFileSync('deploy/nginx.conf', 'utf8')
    const limit = /client_max_body_size (\d+)m;/.exec(nginx)
    expect(limit).not.toBeNull()
    expect(Number(limit![1])).toBeGreaterThan(LARGEST_BODY_MB)
  })

  it('passes on the scheme a TLS-terminating proxy in front reports, so the api can mark the session cookie Secure', () => {
    const nginx = fs.readFileSync('deploy/nginx.conf', 'utf8')
    const values = [...nginx.matchAll(/proxy_set_header X-Forwarded-Proto (\S+);/g)].map((m) => m[1])
    expect(values).toHaveLength([...nginx.matchAll(/^\s*location /gm)].length)
    for (const value of values) {
      // $scheme alone is always http here (nginx listens on plain http) and would replace the front proxy's https.
      expect(value).not.toBe('$scheme')
      const map = new RegExp(`map \\$http_x_forwarded_proto \\${value} \\{[^}]*default \\$http_x_forwarded_proto;[^}]*'' \\$scheme;`)
      expect(nginx).toMatch(map)
    }
  })

  it('brings every service back after a crash or a reboot of the host, not only the app processes', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      // the one-shot schema step runs again only if it failed
      expect(service.restart, name).toBe(name === 'migrate' ? 'on-failure' : 'unless-stopped')
    }
  })

  it('migrates once, before any app process starts, so no two processes migrate at the same moment', () => {
    expect(compose.services.migrate.command).toBe('npm run migrate')
    expect(compose.services.migrate.depends_on).toEqual({ clickhouse: { condition: 'service_healthy' } })
    for (const [name, service] of appServices.filter(([name]) => name !== 'migrate')) {
      expect((service.depends_on as Record<string, unknown>).migrate, name).toEqual({ condition: 'service_completed_successfully' })
    }
  })

  it('builds the image the services run', () => {
    expect(fs.existsSync('deploy/Dockerfile')).toBe(true)
    expect(fs.readFileSync('deploy/Dockerfile', 'utf8')).toContain('npm run build')
  })
})

/** The Dockerfile's build stages by name, each with its instructions as written. */
function dockerStages(): Map<string, string[]> {
  const lines = fs
    .readFileSync('deploy/Dockerfile', 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
  const stages = new Map<string, string[]>()
  let current: string[] = []
  for (const line of lines) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line)
    if (from) stages.set(from[1], (current = []))
    else if (line && !line.startsWith('#')) current.push(line)
  }
  return stages
}

describe('deploy/Dockerfile', () => {
  it('installs with a command this lock file allows', () => {
    // The lock holds chdb's native package for linux-x64 only (the registry mirror here has no other), and
    // `npm ci` refuses a lock that lacks any optional dependency ("Missing: @chdb/lib-darwin-arm64 from lock file").
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> }
    const missing = Object.values(lock.packages)
      .flatMap((p) => Object.keys(p.optionalDependencies ?? {}))
      .filter((name) => !lock.packages[`node_modules/${name}`])
    const install = dockerStages()
      .get('app')!
      .find((l) => /^RUN npm (ci|install|i)\b/.test(l))
    expect(install, 'the app stage installs the dependencies').toBeDefined()
    if (missing.length) expect(install, `npm ci would refuse the lock (missing ${missing.join(', ')})`).not.toMatch(/^RUN npm ci\b/)
    // NODE_ENV=production is set before the install, and the build needs vite, a dev dependency.
    expect(install).toMatch(/--include=dev/)
  })

  it("keeps the host's node_modules, data and git history out of the build context", () => {
    const ignored = fs
      .readFileSync('.dockerignore', 'utf8')
      .split('\n')
      .map((l) => l.trim().replace(/^\/+|\/+$/g, ''))
    for (const entry of ['node_modules', 'var', '.git', 'community-data']) expect(ignored, entry).toContain(entry)
  })

  it('runs the api, ingest and pipelines roles as a user other than root, and only the fitting host as root', () => {
    const stages = dockerStages()
    const lastUser = (stage: string) =>
      stages
        .get(stage)!
        .filter((l) => /^USER\s/i.test(l))
        .at(-1)
        ?.split(/\s+/)[1]
    expect(lastUser('app') ?? 'root').not.toMatch(/^(root|0)$/)
    // Each fitting session runs as a uid of its own, which takes root (docs/operations.md, "Fitting tool").
    expect(lastUser('fitting')).toBe('root')
  })
})

describe('docs/operations.md', () => {
  it('lists every setting in its configuration table', () => {
    const doc = fs.readFileSync('docs/operations.md', 'utf8')
    const section = doc.slice(doc.indexOf('## Configuration'))
    // The table is the first run of lines starting with '|' in the section: a row after a break renders as text.
    const table = /(?:^\|.*\n)+/m.exec(section)?.[0] ?? ''
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]))
    const missing = Object.keys(ConfigSchema.shape).filter((key) => !documented.has(key))
    expect(missing).toEqual([])
  })
})
