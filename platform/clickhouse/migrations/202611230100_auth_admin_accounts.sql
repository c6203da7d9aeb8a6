-- Admin accounts (created by `npm run admin:create`) and their sessions. Both are append-and-replace tables:
-- a change is a new row with a later updated_at; read with FINAL.
CREATE TABLE IF NOT EXISTS admin_users (
  username String,
  -- argon2id PHC string
  password_hash String,
  created_at DateTime64(3, 'UTC'),
  updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY username;

-- Only a SHA-256 of the session id is stored, so a copy of this table cannot be used to sign in.
CREATE TABLE IF NOT EXISTS admin_sessions (
  id_hash String,
  username String,
  created_at DateTime64(3, 'UTC'),
  last_seen_at DateTime64(3, 'UTC'),
  -- the absolute end; the idle timeout is checked against last_seen_at
  expires_at DateTime64(3, 'UTC'),
  revoked Bool DEFAULT false,
  updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY id_hash
TTL toDateTime(expires_at) + INTERVAL 1 DAY;
