/**
 * An Xauthority file with one MIT-MAGIC-COOKIE-1 entry that matches any host and any display number
 * (family FamilyWild, empty address and number). Xvfb loads it with `-auth` and requires the cookie
 * from every client; the session's own programs find it through XAUTHORITY. Without the cookie no other
 * local process (another session included) can connect to the display, even through Linux's abstract
 * X socket, which file permissions do not guard.
 *
 * Format (libXau): per entry, a big-endian u16 family, then four u16-length-prefixed byte strings:
 * address, display number, auth name, auth data.
 */
const FAMILY_WILD = 0xffff
export const COOKIE_NAME = 'MIT-MAGIC-COOKIE-1'

export function xauthorityFile(cookie: Buffer): Buffer {
  if (cookie.length !== 16) throw new Error('an MIT-MAGIC-COOKIE-1 is 16 bytes')
  const family = Buffer.alloc(2)
  family.writeUInt16BE(FAMILY_WILD)
  return Buffer.concat([family, counted(Buffer.alloc(0)), counted(Buffer.alloc(0)), counted(Buffer.from(COOKIE_NAME, 'latin1')), counted(cookie)])
}

function counted(bytes: Buffer): Buffer {
  const length = Buffer.alloc(2)
  length.writeUInt16BE(bytes.length)
  return Buffer.concat([length, bytes])
}
