/**
 * The choices the gas and ore calculators offer, as the spec lists them. Only names and the values a request carries
 * live here (plain constants, so the pages can import them without zod); every game number behind a choice is read
 * from the SDE by the server (api/tools/harvesting/game-data.ts).
 */

export const UNBONUSED_SHIP = 'Unbonused Ship'

/**
 * How a choice is matched, by the page (links) and the server (requests) alike: case, spacing and quotes aside. The
 * spec writes "Crop' Gas Cloud Scoop" for the SDE's "'Crop' Gas Cloud Scoop", and a chat app may turn ' into ‘ ’.
 */
export const looseName = (s: string) =>
  s
    .toLowerCase()
    .replace(/['‘’`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/** The name in `names` that `raw` spells, case, spacing and quotes aside. */
export const findLoose = (names: readonly string[], raw: string) => names.find((n) => looseName(n) === looseName(raw))

/** Gas calculator ships, in the spec's order. */
export const GAS_SHIPS = [UNBONUSED_SHIP, 'Venture', 'Prospect', 'Covetor', 'Retriever', 'Procurer', 'Hulk', 'Skiff', 'Mackinaw'] as const
export type GasShip = (typeof GAS_SHIPS)[number]

/** Ships that fit gas cloud scoops (the rest fit gas cloud harvesters). */
export const SCOOP_SHIPS: readonly GasShip[] = [UNBONUSED_SHIP, 'Venture', 'Prospect']

/** SDE names. The spec spells two of them without the opening quote ("Crop' Gas Cloud Scoop"); both spellings are accepted. */
export const GAS_SCOOPS = ['Gas Cloud Scoop I', "'Crop' Gas Cloud Scoop", "'Plow' Gas Cloud Scoop", 'Gas Cloud Scoop II', 'Syndicate Gas Cloud Scoop'] as const
export const GAS_HARVESTERS = ['Gas Cloud Harvester I', 'Gas Cloud Harvester II', 'ORE Gas Cloud Harvester'] as const

export const gasModulesFor = (ship: string): readonly string[] => (SCOOP_SHIPS.includes(ship as GasShip) ? GAS_SCOOPS : GAS_HARVESTERS)
/** The module a ship starts with when the ship changes and the old module does not fit. */
export const defaultGasModuleFor = (ship: string) => (SCOOP_SHIPS.includes(ship as GasShip) ? 'Syndicate Gas Cloud Scoop' : 'Gas Cloud Harvester II')

/** Gas harvesting implants: the request carries the cycle-time bonus as a fraction; the server maps it to the SDE implant. */
export const GAS_IMPLANTS = [
  { label: 'None', value: 0, name: null },
  { label: 'GH-801 (+1%)', value: 0.01, name: "Eifyr and Co. 'Alchemist' Gas Harvesting GH-801" },
  { label: 'GH-803 (+3%)', value: 0.03, name: "Eifyr and Co. 'Alchemist' Gas Harvesting GH-803" },
  { label: 'GH-805 (+5%)', value: 0.05, name: "Eifyr and Co. 'Alchemist' Gas Harvesting GH-805" },
] as const

/** Gas boost ship values: 'gnosis' stands for any hull without a mining burst bonus (Gnosis, command destroyers, others). */
export const GAS_BOOST_SHIPS = [
  { label: 'None', value: 'None' },
  { label: 'Gnosis/Command Dessy/Other Ship', value: 'gnosis' },
  { label: 'Porpoise', value: 'Porpoise' },
  { label: 'Orca', value: 'Orca' },
] as const

/** Ore calculator boost ships (spec: None, Gnosis, Porpoise, Orca). */
export const ORE_BOOST_SHIPS = ['None', 'Gnosis', 'Porpoise', 'Orca'] as const

/** Ships whose hull boosts Mining Foreman bursts, and the burst itself, by SDE name. */
export const BOOSTING_HULLS = ['Porpoise', 'Orca'] as const
export const MINING_BURSTS = { T1: 'Mining Foreman Burst I', T2: 'Mining Foreman Burst II' } as const
/** The burst charge that shortens mining cycles (the only one of the three that changes yield per hour). */
export const CYCLE_TIME_CHARGE = 'Mining Laser Optimization Charge'
export const MINDLINKS = { mindlink: 'Mining Foreman Mindlink', ore: 'ORE Mining Director Mindlink' } as const

/** Ore low-slot modules, in the spec's order (their bonus comes from the SDE; the spec's values are documented beside it). */
export const LOW_SLOT_MODULES = [
  'Mining Laser Upgrade II',
  'Elara Restrained Mining Laser Upgrade',
  "'Aoede' Mining Laser Upgrade",
  "'Carpo' Mining Laser Upgrade",
  'Mining Laser Upgrade I',
] as const
export const MAX_LOW_SLOTS = 8

export const ORE_IMPLANTS = [
  'None',
  "Inherent Implants 'Highwall' Mining MX-1001",
  "Inherent Implants 'Highwall' Mining MX-1003",
  "Inherent Implants 'Highwall' Mining MX-1005",
] as const

/** Upper bounds that keep a request to a real fleet. */
export const HARVEST_LIMITS = { modules: 8, ships: 500 } as const

/** Jita 4-4 price fields a page can choose (see docs/tools/market.md for what each means). */
export const HARVEST_PRICE_FIELDS = [
  { value: 'buy_max', label: 'Buy (highest order)' },
  { value: 'sell_min', label: 'Sell (lowest order)' },
  { value: 'buy_5pct', label: 'Buy, top 5% average' },
  { value: 'sell_5pct', label: 'Sell, bottom 5% average' },
] as const
export type HarvestPriceField = (typeof HARVEST_PRICE_FIELDS)[number]['value']

export const WORMHOLE_CLASSES = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] as const

/** The SDE export the game numbers come from (docs/data-sources.md); pages say so where it matters. */
export const SDE_NOTE =
  "Game numbers come from CCP's static data export; the build in use and its date are on the status page, and changes CCP made after that build are not reflected."
