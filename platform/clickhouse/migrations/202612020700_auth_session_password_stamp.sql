-- A session remembers which password it was signed in with (a SHA-256 of the account's argon2 hash at login):
-- once the password changes (`admin:create --reset`), every session signed in with the old one is dead,
-- including a login that checked the old password while the reset ran (issue #39). Sessions from before this
-- column have an empty stamp and end: their admin signs in once more.
ALTER TABLE admin_sessions ADD COLUMN IF NOT EXISTS password_stamp String DEFAULT '';
