import type { EsiIndustrySystem, EsiMarketPrice } from '../../../schemas/industry.js'
import type { FakeEsi } from './server.js'

export interface FakeIndustryState {
  /** GET /markets/prices/ body; null answers 503 as ESI does when the data source is down. */
  prices: EsiMarketPrice[] | null
  /** GET /industry/systems/ body; null answers 503. */
  systems: EsiIndustrySystem[] | null
  lastModified: { prices: Date; systems: Date }
  /** Cache time announced in Expires (ESI: 3600 s for both); tests that change data between fetches set 0. */
  expiresIn: number
}

export function createIndustryState(): FakeIndustryState {
  return { prices: [], systems: [], lastModified: { prices: new Date(), systems: new Date() }, expiresIn: 3600 }
}

/** Replace the data ESI serves; its Last-Modified moves on, as ESI's does when CCP recomputes. */
export function setIndustryData(
  state: FakeIndustryState,
  data: { prices?: EsiMarketPrice[] | null; systems?: EsiIndustrySystem[] | null },
  at = new Date(),
): void {
  const bump = (previous: Date) => new Date(Math.max(at.getTime(), previous.getTime() + 1000))
  if (data.prices !== undefined) {
    state.prices = data.prices
    state.lastModified.prices = bump(state.lastModified.prices)
  }
  if (data.systems !== undefined) {
    state.systems = data.systems
    state.lastModified.systems = bump(state.lastModified.systems)
  }
}

const unavailable = { status: 503, body: { error: 'The datasource tranquility is temporarily unavailable' } }

/**
 * GET /markets/prices/ ([{adjusted_price, average_price, type_id}]) and GET /industry/systems/
 * ([{cost_indices: [{activity, cost_index}], solar_system_id}]), unpaged and cached 3600 s like ESI.
 */
export function addIndustryRoutes(esi: FakeEsi, state: FakeIndustryState): void {
  esi.route('GET', '/markets/prices', () =>
    state.prices ? { body: state.prices, lastModified: state.lastModified.prices, expiresIn: state.expiresIn } : unavailable,
  )
  esi.route('GET', '/industry/systems', () =>
    state.systems ? { body: state.systems, lastModified: state.lastModified.systems, expiresIn: state.expiresIn } : unavailable,
  )
}
