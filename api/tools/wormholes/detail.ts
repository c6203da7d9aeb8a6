import type { Wormhole, WormholeSystemDetail, WormholeTypeInfo } from '../../../schemas/wormholes.js'
import type { WormholeEffects } from '../../../schemas/community.js'
import { weatherFor } from './weather.js'

/** A J-code as people type it: any case, with or without the leading J ("j123450", "123450", "J1226-0"). */
export const jcodeKey = (input: string) => input.trim().toLowerCase().replace(/^j/, '')

/** Everything the system dialog shows that the list does not carry: static details and weather. */
export function systemDetail(
  system: Wormhole,
  types: ReadonlyMap<string, WormholeTypeInfo>,
  effects: WormholeEffects | null,
  imageServer: string,
): WormholeSystemDetail {
  return {
    system,
    statics: system.statics.map((code) => ({ code, type: types.get(code) ?? null })),
    weather: weatherFor(system, effects),
    image_server: imageServer.replace(/\/+$/, ''),
  }
}
