import type { WormholeEffects } from '../../../schemas/community.js'
import type { EffectModifier, SystemWeather, WormholeSystem } from '../../../schemas/wormholes.js'

type Beacon = WormholeEffects['sdeBeacons'][number]

/**
 * What each effect beacon attribute does, in a pilot's words. Beacon values (SDE "Class N <Effect> Effects"
 * types) are multipliers (1.3 = +30 %) except the resistance bonuses, which the beacons' dogma effects apply as
 * penalties (15 = resistances −15 %); see wormhole-effects/PROVENANCE.md. `better` says which way helps the pilot.
 */
const MULTIPLIERS: Record<string, { label: string; better: 'higher' | 'lower' }> = {
  shieldCapacityMultiplier: { label: 'Shield capacity', better: 'higher' },
  signatureRadiusMultiplier: { label: 'Signature radius', better: 'lower' },
  rechargeRateMultiplier: { label: 'Capacitor recharge time', better: 'lower' },
  energyWarfareStrengthMultiplier: { label: 'Energy neutralizer and nosferatu amount', better: 'higher' },
  agilityMultiplier: { label: 'Inertia (align time)', better: 'lower' },
  maxTargetRangeMultiplier: { label: 'Targeting range', better: 'higher' },
  missileVelocityMultiplier: { label: 'Missile velocity', better: 'higher' },
  maxVelocityMultiplier: { label: 'Ship velocity', better: 'higher' },
  aoeVelocityMultiplier: { label: 'Missile explosion velocity', better: 'higher' },
  stasisWebStrengthMultiplier: { label: 'Stasis webifier strength', better: 'higher' },
  armorDamageAmountMultiplier: { label: 'Local armor repair amount', better: 'higher' },
  shieldBonusMultiplier: { label: 'Local shield boost amount', better: 'higher' },
  armorDamageAmountMultiplierRemote: { label: 'Remote armor repair amount', better: 'higher' },
  shieldBonusMultiplierRemote: { label: 'Remote shield repair amount', better: 'higher' },
  capacitorCapacityMultiplierSystem: { label: 'Capacitor capacity', better: 'higher' },
  energyTransferAmountBonus: { label: 'Remote capacitor transfer amount', better: 'higher' },
  trackingSpeedMultiplier: { label: 'Turret tracking speed', better: 'higher' },
  damageMultiplierMultiplier: { label: 'Damage', better: 'higher' },
  aoeCloudSizeMultiplier: { label: 'Missile explosion radius', better: 'lower' },
  targetPainterStrengthMultiplier: { label: 'Target painter strength', better: 'higher' },
  heatDamageMultiplier: { label: 'Overheat damage to modules', better: 'lower' },
  overloadBonusMultiplier: { label: 'Overload bonus', better: 'higher' },
  empFieldRangeMultiplier: { label: 'Smart bomb range', better: 'higher' },
  smartbombDamageMultiplier: { label: 'Smart bomb damage', better: 'higher' },
  armorHPMultiplier: { label: 'Armor HP', better: 'higher' },
  smallWeaponDamageMultiplier: { label: 'Small weapon damage', better: 'higher' },
}

/**
 * Attributes that drive more than their name says, and the second line each gets. The Red Giant's
 * smartbombDamageMultiplier (1488) also scales bombs: SDE dogma effects 5916–5919 (bomb EM/thermal/kinetic/explosive
 * damage), 5923 (neutralizing bomb amount) and 5924–5926 (ECM bomb strength) modify charges that need Bomb
 * Deployment (28073) by it. The community table lists that as "Bomb Damage". The Magnetar's trackingSpeedMultiplier
 * (244) drives turrets (systemTracking, skill Gunnery) and drones (systemDroneTracking, skill Drones 3436); the
 * community table lists the second as "Drone Tracking".
 */
const ALSO: Record<string, { label: string; better: 'higher' | 'lower' }> = {
  smartbombDamageMultiplier: { label: 'Bomb damage (and neutralizing and ECM bomb strength)', better: 'higher' },
  trackingSpeedMultiplier: { label: 'Drone tracking speed', better: 'higher' },
}

/** armorEmDamageResistanceBonus, shieldThermalDamageResistanceBonus, … → the layer whose resistances drop. */
const RESIST_PENALTY = /^(armor|shield)(Em|Explosive|Kinetic|Thermal)DamageResistanceBonus$/

const percent = (n: number) => `${n > 0 ? '+' : ''}${Math.round(n * 10) / 10}%`

export function describeBeacon(beacon: Beacon): EffectModifier[] {
  const modifiers: EffectModifier[] = []
  const resists = new Map<string, number[]>()
  for (const a of beacon.attributes) {
    const resist = RESIST_PENALTY.exec(a.name)
    if (resist) {
      const label = `${resist[1] === 'armor' ? 'Armor' : 'Shield'} resistances`
      resists.set(label, [...(resists.get(label) ?? []), a.value])
      continue
    }
    const known = MULTIPLIERS[a.name]
    const change = Math.round((a.value - 1) * 1000) / 10
    const label = known?.label ?? a.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())
    const better = known?.better ?? 'higher'
    modifiers.push({ label, value: percent(change), good: better === 'higher' ? change > 0 : change < 0 })
    const also = ALSO[a.name]
    if (also) modifiers.push({ label: also.label, value: percent(change), good: also.better === 'higher' ? change > 0 : change < 0 })
  }
  for (const [label, values] of resists) {
    const same = values.every((v) => v === values[0])
    modifiers.push({ label, value: same ? percent(-values[0]) : values.map((v) => percent(-v)).join(' / '), good: false })
  }
  return modifiers
}

/** The SDE family names beside the list's effect names ("Wolf-Rayet Star" is listed as "Wolf Rayet"). */
const effectName = (family: string) => (family === 'Wolf-Rayet Star' ? 'Wolf Rayet' : family)

/** The system's weather: the beacon that applies, and whether it is not the one the visible sun suggests. */
export function weatherFor(system: Pick<WormholeSystem, 'effect' | 'effect_beacon_type_id'>, effects: WormholeEffects | null): SystemWeather {
  const beacon = system.effect_beacon_type_id === null ? undefined : effects?.sdeBeacons.find((b) => b.typeID === system.effect_beacon_type_id)
  const applied = beacon
    ? {
        effect: effectName(beacon.family),
        strength: beacon.strength,
        beacon_type_id: beacon.typeID,
        beacon_name: beacon.name,
        modifiers: describeBeacon(beacon),
      }
    : null
  return { visible_effect: system.effect, applied, differs: applied !== null && applied.effect !== system.effect }
}
