import { describe, expect, it } from 'vitest'
import { hashPassword, passwordProblem, usernameProblem, verifyPassword } from './passwords.js'

describe('password rules', () => {
  it('accepts strong passwords and passphrases', () => {
    expect(passwordProblem('Correct-Horse-42-battery', 'ada')).toBeNull()
    expect(passwordProblem('Xk9#mQ2$vL7p')).toBeNull()
    expect(passwordProblem('wormhole rolling at downtime')).toBeNull() // 16+ character passphrase
  })

  it('refuses weak ones with a sentence that says why', () => {
    expect(passwordProblem('Sh0rt!pass')).toMatch(/at least 12 characters/)
    expect(passwordProblem('alllowercaseletters'.slice(0, 14))).toMatch(/three of lowercase/)
    expect(passwordProblem('aaaaaaAAAA11!!')).toMatch(/too few different characters/)
    expect(passwordProblem('Ada-Lovelace-2024', 'lovelace')).toMatch(/must not contain the username/)
    expect(passwordProblem('Password123456!')).toMatch(/well-known/)
    expect(passwordProblem('!!Qwerty!!2024')).toMatch(/well-known/)
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/)
  })

  it('checks usernames', () => {
    expect(usernameProblem('ada')).toBeNull()
    expect(usernameProblem('fleet.boss-2')).toBeNull()
    for (const bad of ['ab', 'Ada', '-ada', 'a d a', 'x'.repeat(33)]) expect(usernameProblem(bad), bad).not.toBeNull()
  })
})

describe('argon2id hashing', () => {
  it('stores an argon2id PHC string that verifies only the right password', async () => {
    const hash = await hashPassword('Correct-Horse-42-battery')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=1,t=3\$/)
    expect(await verifyPassword(hash, 'Correct-Horse-42-battery')).toBe(true)
    expect(await verifyPassword(hash, 'correct-horse-42-battery')).toBe(false)
    expect(await verifyPassword('not a hash', 'anything')).toBe(false)
    expect(await hashPassword('Correct-Horse-42-battery')).not.toBe(hash) // salted
  })
})
