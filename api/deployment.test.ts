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

  it('builds the image the services run', () => {
    expect(fs.existsSync('deploy/Dockerfile')).toBe(true)
    expect(fs.readFileSync('deploy/Dockerfile', 'utf8')).toContain('npm run build')
  })
})
