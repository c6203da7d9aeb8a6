/**
 * `npm run admin:create`: create an admin account for the killfeed admin (or, with --reset, set a new password
 * on an existing one and sign out its sessions).
 *
 *   npm run admin:create                                   prompts for username and password
 *   npm run admin:create -- --username ada                 prompts for the password
 *   ADMIN_USERNAME=ada ADMIN_PASSWORD=… npm run admin:create   for scripts (no prompt)
 *   npm run admin:create -- --username ada --reset         new password for ada
 *
 * A password given as `--password` works but lands in the shell history; prefer the prompt or ADMIN_PASSWORD.
 * In embedded mode the server must be stopped first: chDB lets one process at a time open the data directory.
 */
import readline from 'node:readline'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { loadConfig } from '../../schemas/config.js'
import { createClickHouse, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { hashPassword, passwordProblem, usernameProblem } from './passwords.js'
import { revokeUserSessions } from './sessions.js'
import { findUser, saveUser } from './users.js'

export interface CreateAdminInput {
  username: string
  password: string
  reset?: boolean
}

/** The whole command minus the terminal: checks, hashes and stores. Returns what it did, or throws a sentence. */
export async function createAdmin(ch: ClickHouseClient, input: CreateAdminInput): Promise<string> {
  const username = input.username.trim().toLowerCase()
  const problem = usernameProblem(username) ?? passwordProblem(input.password, username)
  if (problem) throw new Error(problem)
  const existing = await findUser(ch, username)
  if (existing && !input.reset) throw new Error(`An admin named '${username}' exists already; add --reset to give it a new password.`)
  if (!existing && input.reset) throw new Error(`There is no admin named '${username}' to reset.`)
  await saveUser(ch, username, await hashPassword(input.password))
  if (!existing) return `Created admin '${username}'. Sign in at /killfeed.`
  const revoked = await revokeUserSessions(ch, username)
  return `New password set for '${username}'; ${revoked} open session(s) signed out.`
}

/** Ask a question on the terminal; with `hidden`, typed characters are not echoed. */
function ask(question: string, hidden = false): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk)
      done()
    },
  })
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true })
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close()
      if (hidden) process.stdout.write('\n')
      resolve(answer)
    })
    muted = hidden
  })
}

async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, password: { type: 'string' }, reset: { type: 'boolean', default: false } },
  })
  const interactive = process.stdin.isTTY
  let username = values.username ?? process.env.ADMIN_USERNAME ?? ''
  let password = values.password ?? process.env.ADMIN_PASSWORD ?? ''
  if (!username && interactive) username = await ask('Admin username: ')
  if (!password && interactive) {
    password = await ask('Password (12+ characters): ', true)
    if ((await ask('Repeat the password: ', true)) !== password) throw new Error('The two passwords differ.')
  }
  if (!username || !password) throw new Error('Give --username and a password (prompted on a terminal, or ADMIN_PASSWORD).')

  const config = loadConfig()
  let ch: ClickHouseClient
  try {
    ch = await createClickHouse(config)
    await migrate(ch)
  } catch (err) {
    const message = (err as Error).message
    if (!config.CLICKHOUSE_URL && /lock|already running|in use|failed to create connection/i.test(message)) {
      throw new Error(`The embedded database in ${config.DATA_DIR} is in use by a running server: stop it, run this command, then start it again.`, {
        cause: err,
      })
    }
    throw err
  }
  try {
    console.log(await createAdmin(ch, { username, password, reset: values.reset }))
  } finally {
    await ch.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (err: Error) => {
      console.error(err.message)
      process.exit(1)
    },
  )
}
