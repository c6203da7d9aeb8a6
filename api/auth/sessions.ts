import crypto from 'node:crypto'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { versionTime } from '../../platform/clickhouse/version-clock.js'

export interface SessionPolicy {
  /** A session ends after this long without a request. */
  idleMs: number
  /** ...and at the latest this long after login. */
  maxMs: number
}

export interface Session {
  idHash: string
  username: string
  /** Which password the session was signed in with (`passwordStamp`); it dies when the password changes. */
  passwordStamp: string
  createdAt: number
  lastSeenAt: number
  expiresAt: number
}

/** 32 random bytes, base64url: what the cookie carries. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

export const hashSessionId = (id: string) => crypto.createHash('sha256').update(id).digest('hex')

/** What a session keeps of the password it was signed in with: the SHA-256 of the account's argon2 hash. */
export const passwordStamp = (passwordHash: string) => crypto.createHash('sha256').update(passwordHash).digest('hex')

/**
 * The version a revocation is written with: the largest DateTime64(3) (2299-12-31). The table keeps, per session,
 * the row with the largest `updated_at`, so a revoked row outranks every other write to it, whenever that write
 * lands: a request that read the session before a logout and records its activity after it cannot bring the
 * session back (it did: issue #39).
 */
const REVOKED_VERSION = '2299-12-31T23:59:59.999Z'

function row(s: Session, revoked = false) {
  return {
    id_hash: s.idHash,
    username: s.username,
    password_stamp: s.passwordStamp,
    created_at: new Date(s.createdAt).toISOString(),
    last_seen_at: new Date(s.lastSeenAt).toISOString(),
    expires_at: new Date(s.expiresAt).toISOString(),
    revoked,
    updated_at: revoked ? REVOKED_VERSION : versionTime().toISOString(),
  }
}

/**
 * Sessions live in ClickHouse (`admin_sessions`) so every api replica sees a login and a logout at once.
 * Only the SHA-256 of the id is stored: the id itself exists only in the admin's cookie.
 */
export async function createSession(
  ch: ClickHouseClient,
  user: { username: string; password_hash: string },
  policy: SessionPolicy,
  now = Date.now(),
): Promise<{ id: string; session: Session }> {
  const id = crypto.randomBytes(32).toString('base64url')
  const session: Session = {
    idHash: hashSessionId(id),
    username: user.username,
    passwordStamp: passwordStamp(user.password_hash),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + policy.maxMs,
  }
  await ch.insert({ table: 'admin_sessions', values: [row(session)], format: 'JSONEachRow' })
  return { id, session }
}

/**
 * The live session for a cookie value, or null when it is unknown, revoked, past its end, idle too long, or
 * signed in with a password the account no longer has.
 */
export async function findSession(ch: ClickHouseClient, id: string | undefined, policy: SessionPolicy, now = Date.now()): Promise<Session | null> {
  if (!id || !SESSION_ID.test(id)) return null
  const [r] = await queryRows<{ username: string; stamp: string; current: string; created: string; seen: string; expires: string; revoked: boolean | number }>(
    ch,
    `SELECT s.username AS username, s.password_stamp AS stamp, lower(hex(SHA256(u.password_hash))) AS current,
            toUnixTimestamp64Milli(s.created_at) AS created, toUnixTimestamp64Milli(s.last_seen_at) AS seen,
            toUnixTimestamp64Milli(s.expires_at) AS expires, s.revoked AS revoked
     FROM (SELECT * FROM admin_sessions FINAL WHERE id_hash = {idHash:String}) AS s
     INNER JOIN (SELECT username, password_hash FROM admin_users FINAL) AS u ON u.username = s.username`,
    { idHash: hashSessionId(id) },
  )
  if (!r || r.revoked === true || r.revoked === 1) return null
  if (!r.stamp || r.stamp !== r.current) return null
  const session: Session = {
    idHash: hashSessionId(id),
    username: r.username,
    passwordStamp: r.stamp,
    createdAt: Number(r.created),
    lastSeenAt: Number(r.seen),
    expiresAt: Number(r.expires),
  }
  if (now >= session.expiresAt || now - session.lastSeenAt >= policy.idleMs) return null
  return session
}

/**
 * Record activity so the idle timeout restarts. Written at most every minute (or a quarter of the idle timeout,
 * when that is shorter) to keep writes few.
 */
export async function touchSession(ch: ClickHouseClient, session: Session, policy: SessionPolicy, now = Date.now()): Promise<void> {
  if (now - session.lastSeenAt < Math.min(60_000, policy.idleMs / 4)) return
  session.lastSeenAt = now
  await ch.insert({ table: 'admin_sessions', values: [row(session)], format: 'JSONEachRow' })
}

export async function revokeSession(ch: ClickHouseClient, session: Session): Promise<void> {
  await ch.insert({ table: 'admin_sessions', values: [row(session, true)], format: 'JSONEachRow' })
}

/**
 * End every open session of an account (after its password changes). Returns how many were open. A session
 * signed in with the old password and written after this read is dead all the same: its password stamp no
 * longer matches (`findSession`).
 */
export async function revokeUserSessions(ch: ClickHouseClient, username: string, now = Date.now()): Promise<number> {
  const open = await queryRows<{ id_hash: string; stamp: string; created: string; seen: string; expires: string }>(
    ch,
    `SELECT id_hash, password_stamp AS stamp, toUnixTimestamp64Milli(created_at) AS created, toUnixTimestamp64Milli(last_seen_at) AS seen,
            toUnixTimestamp64Milli(expires_at) AS expires
     FROM admin_sessions FINAL WHERE username = {username:String} AND NOT revoked AND expires_at > fromUnixTimestamp64Milli({now:Int64})`,
    { username, now },
  )
  if (!open.length) return 0
  const rows = open.map((r) =>
    row({ idHash: r.id_hash, username, passwordStamp: r.stamp, createdAt: Number(r.created), lastSeenAt: Number(r.seen), expiresAt: Number(r.expires) }, true),
  )
  await ch.insert({ table: 'admin_sessions', values: rows, format: 'JSONEachRow' })
  return rows.length
}
