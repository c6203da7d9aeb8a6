import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../schemas/config.js'
import { WormholeEffects } from '../../../schemas/community.js'
import { describeBeacon } from './weather.js'

const effects = WormholeEffects.parse(JSON.parse(fs.readFileSync(path.join(loadConfig().COMMUNITY_DATA_DIR, 'wormhole-effects/effects.json'), 'utf8')))
const beacon = (name: string) => effects.sdeBeacons.find((b) => b.name === name)!
const table = (name: string) => Object.fromEntries(describeBeacon(beacon(name)).map((m) => [m.label, m.value]))

describe('describeBeacon', () => {
  it('names every attribute of every SDE beacon in words (no raw attribute names)', () => {
    for (const b of effects.sdeBeacons) for (const m of describeBeacon(b)) expect(m.label, `${b.name}: ${m.label}`).not.toMatch(/Multiplier|Bonus|[a-z][A-Z]/)
  })

  it('turns multipliers into percentages and resistance bonuses into one penalty line', () => {
    expect(table('Class 1 Pulsar Effects')).toEqual({
      'Shield capacity': '+30%',
      'Signature radius': '+30%',
      'Capacitor recharge time': '-15%',
      'Energy neutralizer and nosferatu amount': '+30%',
      'Armor resistances': '-15%',
    })
  })

  it('uses the SDE values where the community table differs (Magnetar missile explosion radius +100 % at class 6)', () => {
    expect(table('Class 6 Magnetar Effects')['Missile explosion radius']).toBe('+100%')
    expect(table('Class 6 Black Hole Effects')['Ship velocity']).toBe('+100%')
  })

  it("shows the Red Giant's bomb bonus, which the SDE carries on the smart bomb damage attribute", () => {
    expect(table('Class 6 Red Giant Effects')).toEqual({
      'Overheat damage to modules': '+50%',
      'Overload bonus': '+100%',
      'Smart bomb range': '+100%',
      'Smart bomb damage': '+100%',
      'Bomb damage (and neutralizing and ECM bomb strength)': '+100%',
    })
    // the community table agrees at every class
    const community = effects.wandererEffectTable.find((e) => e.name === 'Red Giant')!.modifiers.find((m) => m.name === 'Bomb Damage')!.power
    for (let n = 1; n <= 6; n++) expect(table(`Class ${n} Red Giant Effects`)['Bomb damage (and neutralizing and ECM bomb strength)']).toBe(community[n - 1])
  })

  it("shows the Magnetar's drone tracking penalty, which the SDE carries on the turret tracking attribute", () => {
    expect(table('Class 1 Magnetar Effects')).toMatchObject({ 'Turret tracking speed': '-15%', 'Drone tracking speed': '-15%' })
    const drones = Object.fromEntries(describeBeacon(beacon('Class 6 Magnetar Effects')).map((m) => [m.label, m]))['Drone tracking speed']
    expect(drones).toEqual({ label: 'Drone tracking speed', value: '-50%', good: false })
    // the community table agrees at every class
    const community = effects.wandererEffectTable.find((e) => e.name === 'Magnetar')!.modifiers.find((m) => m.name === 'Drone Tracking')!.power
    for (let n = 1; n <= 6; n++) expect(table(`Class ${n} Magnetar Effects`)['Drone tracking speed']).toBe(community[n - 1])
  })

  it('marks whether each change helps the pilot', () => {
    const cv = Object.fromEntries(describeBeacon(beacon('Class 3 Cataclysmic Variable Effects')).map((m) => [m.label, m.good]))
    expect(cv['Local armor repair amount']).toBe(false)
    expect(cv['Remote armor repair amount']).toBe(true)
    expect(cv['Capacitor recharge time']).toBe(false)
  })
})
