import argon2 from 'argon2'

/**
 * argon2id with 64 MiB of memory and 3 passes (RFC 9106 section 4, the option for memory-constrained
 * environments, with one lane): about 130 ms per hash on the reference machine. Stored as the PHC string, which
 * carries its own parameters, so they can be raised later without breaking existing accounts.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 256
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{2,31}$/

/** A few of the most used passwords and their usual stems; a password made of one of these plus digits or symbols is refused. */
const COMMON_STEMS = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'asdfghjkl',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno',
  'changeme',
  'secret',
  'master',
  'shadow',
  'abc',
  'abcdef',
  'abcdefgh',
  'zxcvbnm',
  'killfeed',
  'eveonline',
  'wormhole',
  'jspace',
  'toolbox',
])

export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(username)
    ? null
    : 'The username must be 3-32 characters: lowercase letters, digits, ".", "_" or "-", starting with a letter or digit.'
}

/**
 * Why a password is too weak, or null. At least 12 characters; at least three kinds of character (lowercase,
 * uppercase, digits, symbols) unless it is a passphrase of 16 or more; at least 6 different characters; not the
 * username, and not a well-known password with digits or symbols around it.
 */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length
  if (password.length < 16 && kinds < 3)
    return 'Use at least three of lowercase letters, uppercase letters, digits and symbols, or a passphrase of 16 or more characters.'
  if (new Set(password).size < 6) return 'The password repeats too few different characters.'
  const lower = password.toLowerCase()
  if (username && lower.includes(username.toLowerCase())) return 'The password must not contain the username.'
  const stem = lower.replace(/[^a-z]/g, '')
  if (COMMON_STEMS.has(stem)) return 'That password is a well-known one with digits or symbols added; choose another.'
  return null
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | null = null
/** Spend the same time on an unknown username as on a wrong password, so timing does not tell which names exist. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-account-password')
  await verifyPassword(await dummyHash, password)
  return false
}
