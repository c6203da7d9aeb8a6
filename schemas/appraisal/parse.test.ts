import { describe, expect, it } from 'vitest'
import { parseAppraisalText, type ParsedItem } from './parse.js'

/** [name, qty] per item, the shape most cases check. */
const pairs = (text: string) => parseAppraisalText(text).items.map((i) => [i.name, i.qty])
const only = (text: string): ParsedItem => {
  const { items } = parseAppraisalText(text)
  expect(items).toHaveLength(1)
  return items[0]
}

describe('the spec line forms', () => {
  it.each([
    ['Tritanium 100000', 'Tritanium', 100000],
    ['Tritanium x 100', 'Tritanium', 100],
    ['Tritanium X 1', 'Tritanium', 1],
    ['Garde I x5', 'Garde I', 5],
    ['100 x Tritanium', 'Tritanium', 100],
    ['10x Minmatar Shuttle', 'Minmatar Shuttle', 10],
    ['x250 Pyerite', 'Pyerite', 250],
    ['Tritanium;500', 'Tritanium', 500],
    ['Tritanium ; 500', 'Tritanium', 500],
    ['Tritanium,500', 'Tritanium', 500],
    ['Tritanium, 1,000', 'Tritanium', 1000],
    ['Tritanium|500', 'Tritanium', 500],
    ['Tritanium - 500', 'Tritanium', 500],
    ['Tengu Defensive - Covert Reconfiguration - 2', 'Tengu Defensive - Covert Reconfiguration', 2],
    ['Heavy Assault Missile Launcher II 10', 'Heavy Assault Missile Launcher II', 10],
    ['1865 Compressed Glossy Scordite', 'Compressed Glossy Scordite', 1865],
    ['Minmatar Shuttle', 'Minmatar Shuttle', 1],
    ['[Rifter]', 'Rifter', 1],
    ['[Rifter, Fleet Tackle]', 'Rifter', 1],
  ])('%s', (line, name, qty) => {
    expect(pairs(line)).toEqual([[name, qty]])
  })

  it('reads type ids: bare, with a quantity, and spelled out', () => {
    expect(only('34')).toMatchObject({ typeId: 34, qty: 1 })
    expect(only('34 1000')).toMatchObject({ typeId: 34, qty: 1000 })
    expect(only('34 x 1,000')).toMatchObject({ typeId: 34, qty: 1000 })
    expect(only('typeId 35')).toMatchObject({ typeId: 35, qty: 1 })
    expect(only('typeid: 35 x 20')).toMatchObject({ typeId: 35, qty: 20 })
    expect(only('type_id=36 5')).toMatchObject({ typeId: 36, qty: 5 })
  })

  it('groups thousands with commas, dots, apostrophes and (no-break) spaces', () => {
    expect(pairs("9'584'701 x Tritanium\nTritanium 9'584'702\nTritanium x 9'584'703\n9,584,704 x Tritanium")).toEqual([
      ['Tritanium', 9584701],
      ['Tritanium', 9584702],
      ['Tritanium', 9584703],
      ['Tritanium', 9584704],
    ])
    expect(pairs('Pyerite 1.000\nPyerite 1 000\nPyerite 1\u00a0000\nPyerite x 1\u202f000\n10 102 Zydrine')).toEqual([
      ['Pyerite', 1000],
      ['Pyerite', 1000],
      ['Pyerite', 1000],
      ['Pyerite', 1000],
      ['Zydrine', 10102],
    ])
  })

  it('makes a missing, zero or negative quantity 1', () => {
    expect(pairs('Tritanium 0\nTritanium x -5\nTritanium;0\nTritanium')).toEqual([
      ['Tritanium', 1],
      ['Tritanium', 1],
      ['Tritanium', 1],
      ['Tritanium', 1],
    ])
  })

  it('folds no-break spaces, dash variants, full-width digits and stray whitespace', () => {
    expect(pairs('Tritanium\u00a0x\u00a0100')).toEqual([['Tritanium', 100]])
    expect(pairs('Tengu Defensive \u2013 Covert Reconfiguration \u2014 3')).toEqual([['Tengu Defensive - Covert Reconfiguration', 3]])
    expect(pairs('Hornet EC\u2011300 x 2')).toEqual([['Hornet EC-300', 2]])
    expect(pairs('Tritanium \uff15\uff10')).toEqual([['Tritanium', 50]])
    expect(pairs('  Tritanium  \n\n\n Pyerite\u200b 7 ')).toEqual([
      ['Tritanium', 1],
      ['Pyerite', 7],
    ])
  })

  it('strips trailing ISK amounts and volumes', () => {
    expect(pairs('Tritanium 100 520.00 ISK\nPyerite x 50 0.50 m3\nMexallon 20 40 m³ 1,200 ISK')).toEqual([
      ['Tritanium', 100],
      ['Pyerite', 50],
      ['Mexallon', 20],
    ])
  })

  it('tries the whole line as a name when a number there may belong to it', () => {
    expect(only('100 Aurum Token')).toMatchObject({ name: 'Aurum Token', qty: 100, alternatives: [{ name: '100 Aurum Token', qty: 1 }] })
    expect(only('Wormhole X702')).toMatchObject({ name: 'Wormhole', qty: 702, alternatives: [{ name: 'Wormhole X702', qty: 1 }] })
  })

  it('reports lines no parser reads as unread, with their line numbers, and makes no item of them', () => {
    const result = parseAppraisalText('----\n3.5\n\nTritanium 5')
    expect(result.items.map((i) => i.name)).toEqual(['Tritanium'])
    expect(result.unparsed).toEqual([
      { line: 0, text: '----' },
      { line: 1, text: '3.5' },
    ])
    expect(result.skippedLines).toBe(0)
    expect(result.lineCount).toBe(4)
  })

  it('leaves lines of symbols alone unread (every type name has a letter or a digit), and drops quote markers before a name', () => {
    const result = parseAppraisalText('!!!\n???\n()\n→ ←\n> Tritanium 5\n>> Pyerite 2\n"Mexallon"')
    expect(result.items.map((i) => [i.name, i.qty])).toEqual([
      ['Tritanium', 5],
      ['Pyerite', 2],
      ['Mexallon', 1],
    ])
    expect(result.unparsed.map((u) => u.text)).toEqual(['!!!', '???', '()', '→ ←'])
  })

  it('keeps the line each item came from', () => {
    expect(parseAppraisalText('Tritanium 1\n\nPyerite 2').items.map((i) => i.line)).toEqual([0, 2])
  })
})

describe('tab and multi-space columns (the spec rule)', () => {
  it('takes the first text column as the name and a number column as the quantity, ignoring ISK and m³', () => {
    expect(pairs('Tritanium\t1,000\tMineral\t\t\t10 m3\t5,000.00 ISK')).toEqual([['Tritanium', 1000]])
    expect(pairs('Tritanium    2500    Mineral')).toEqual([['Tritanium', 2500]])
    expect(pairs('Nitrogen Isotopes\tIce Product\tFuel Bay\t20000')).toEqual([['Nitrogen Isotopes', 20000]])
  })

  it('reads a quantity written before the name', () => {
    expect(pairs(' 450\t125mm Railgun I\n 150\tGriffin\n1200\tWarrior I')).toEqual([
      ['125mm Railgun I', 450],
      ['Griffin', 150],
      ['Warrior I', 1200],
    ])
  })

  it('reads two number columns as a type id and a quantity', () => {
    expect(only('34\t5000')).toMatchObject({ typeId: 34, qty: 5000 })
  })
})

describe('inventory, cargo and hangar lists', () => {
  it('reads the details view with group, size, volume and estimated price columns', () => {
    const paste =
      'Metal Scraps\t1\tCommodities\t\t\t0.01 m3\t994.05 ISK\nThorium Charge S\t100\tHybrid Charge\tSmall\t\t0.25 m3\t1,100.00 ISK\nVeldspar\t25\tVeldspar\t\t\t2.50 m3\t260.75 ISK'
    expect(pairs(paste)).toEqual([
      ['Metal Scraps', 1],
      ['Thorium Charge S', 100],
      ['Veldspar', 25],
    ])
  })

  it('counts an assembled ship (blank quantity) as one and tries a renamed ship as its type', () => {
    const paste = [
      'Catalyst\t\tDestroyer\t\t\t55,000 m3\t1,021,278.90 ISK',
      "Doc Harrel's Minmatar Shuttle\t\tShuttle\t\t\t5,000 m3\t19,471.51 ISK",
      'Minmatar Shuttle\t1\tShuttle\t\t\t500 m3\t19,471.51 ISK',
      'Heavy Water\t1,287,839\tIce Product\t\t\t515,135.60 m3\t201,302,114.09 ISK',
    ].join('\n')
    const { items } = parseAppraisalText(paste)
    expect(items.map((i) => [i.name, i.qty])).toEqual([
      ['Catalyst', 1],
      ["Doc Harrel's Minmatar Shuttle", 1],
      ['Minmatar Shuttle', 1],
      ['Heavy Water', 1287839],
    ])
    expect(items[1].alternatives).toEqual([{ name: 'Minmatar Shuttle', qty: 1 }])
  })

  it('reads the asset list with meta and tech level columns by the column after the name', () => {
    const paste =
      '200mm AutoCannon I\t1\tProjectile Weapon\tModule\tSmall\tHigh\t5 m3\t1\n10MN Afterburner II\t1\tPropulsion Module\tModule\tMedium\t5 m3\t5\t2\nWarrior II\t9'
    expect(pairs(paste)).toEqual([
      ['200mm AutoCannon I', 1],
      ['10MN Afterburner II', 1],
      ['Warrior II', 9],
    ])
  })

  it("reads a hangar's icon view (names only, quantities after a tab)", () => {
    expect(pairs('Prowler\nHuginn\nMinmatar Shuttle\t1\n')).toEqual([
      ['Prowler', 1],
      ['Huginn', 1],
      ['Minmatar Shuttle', 1],
    ])
  })

  it('reads a cargo scan, with blueprint originals and copies told apart', () => {
    const { items } = parseAppraisalText(
      '1 Minmatar Shuttle\n2 Gallente Shuttle\n10 Plagioclase Mining Crystal I Blueprint (Original)\n3 Rifter Blueprint (Copy)',
    )
    expect(items.map((i) => [i.name, i.qty, !!i.blueprintCopy])).toEqual([
      ['Minmatar Shuttle', 1, false],
      ['Gallente Shuttle', 2, false],
      ['Plagioclase Mining Crystal I Blueprint', 10, false],
      ['Rifter Blueprint', 3, true],
    ])
  })
})

describe('contracts', () => {
  it('reads items with type, category and details columns; fitted and damaged items count', () => {
    const paste =
      "Rokh\t1\tBattleship\tShip\t\nLarge Core Defense Field Extender I\t1\tRig Shield\tModule\tFitted\nScorch M\t1\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged\nRokh\t12'000\tBattleship\tShip\t"
    expect(pairs(paste)).toEqual([
      ['Rokh', 1],
      ['Large Core Defense Field Extender I', 1],
      ['Scorch M', 1],
      ['Rokh', 12000],
    ])
  })

  it('marks blueprint copies from the details column', () => {
    const { items } = parseAppraisalText(
      'Armageddon Blueprint\t1\tBattleship Blueprint\tBlueprint\tBLUEPRINT COPY - Runs: 9 - Material Level: 29 - Productivity Level: 0\nTyphoon Blueprint\t1\tBattleship Blueprint\tBlueprint\t',
    )
    expect(items.map((i) => [i.name, !!i.blueprintCopy])).toEqual([
      ['Armageddon Blueprint', true],
      ['Typhoon Blueprint', false],
    ])
  })

  it('drops the asterisks a non-English client adds', () => {
    expect(
      pairs(' Hornet EC-300*\t10\tДрон электронного противодействия*\tДрон*\tОтсек для дронов\n Praetor II*\t1\tБоевой дрон*\tДрон*\tОтсек для дронов'),
    ).toEqual([
      ['Hornet EC-300', 10],
      ['Praetor II', 1],
    ])
  })

  it('reads contract titles, including several items joined by dashes', () => {
    expect(pairs('Zircon x 21163 (Item Exchange)')).toEqual([['Zircon', 21163]])
    expect(pairs('Procurer x 1- Medium Shield Extender I x 1- Ice Harvester II x 2')).toEqual([
      ['Procurer', 1],
      ['Medium Shield Extender I', 1],
      ['Ice Harvester II', 2],
    ])
  })
})

describe('fittings', () => {
  it('reads an EFT export: ship, modules, loaded charges, drones and cargo; empty slots ignored', () => {
    const paste = `[Rifter, Fleet Tackle]
Nanofiber Internal Structure I
Nanofiber Internal Structure I
Overdrive Injector System I

Stasis Webifier I
Warp Disruptor I
1MN Microwarpdrive I

200mm AutoCannon I, EMP S
200mm AutoCannon I, EMP S
200mm AutoCannon I, EMP S
[Empty High slot]
[empty high slot]

Small Projectile Burst Aerator I
[Empty Rig slot]


Warrior II x3


EMP S x1000
Nanite Repair Paste x50`
    expect(pairs(paste)).toEqual([
      ['Rifter', 1],
      ['Nanofiber Internal Structure I', 1],
      ['Nanofiber Internal Structure I', 1],
      ['Overdrive Injector System I', 1],
      ['Stasis Webifier I', 1],
      ['Warp Disruptor I', 1],
      ['1MN Microwarpdrive I', 1],
      ['200mm AutoCannon I', 1],
      ['EMP S', 1],
      ['200mm AutoCannon I', 1],
      ['EMP S', 1],
      ['200mm AutoCannon I', 1],
      ['EMP S', 1],
      ['Small Projectile Burst Aerator I', 1],
      ['Warrior II', 3],
      ['EMP S', 1000],
      ['Nanite Repair Paste', 50],
    ])
  })

  it('reads offline modules and a second fit in the same paste', () => {
    expect(pairs('[Hulk, Ore]\nMining Laser Upgrade II /OFFLINE\nORE Strip Miner\n\n[Catalyst, Salvage]\nSalvager I')).toEqual([
      ['Hulk', 1],
      ['Mining Laser Upgrade II', 1],
      ['ORE Strip Miner', 1],
      ['Catalyst', 1],
      ['Salvager I', 1],
    ])
  })

  it('reads the fitting window export with section headers', () => {
    const paste = `High power
5x Heavy Missile Launcher II
Medium power
1x Large Shield Extender II
2x Adaptive Invulnerability Field II
Low power
1x Damage Control II
Rig Slot
2x Medium Core Defense Field Extender I
Sub System
1x Tengu Offensive - Accelerated Ejection Bay
Charges
8,718x Caldari Navy Scourge Heavy Missile
Drones
12 Warrior II
Fuel
Helium Isotopes`
    const result = parseAppraisalText(paste)
    expect(result.items.map((i) => [i.name, i.qty])).toEqual([
      ['Heavy Missile Launcher II', 5],
      ['Large Shield Extender II', 1],
      ['Adaptive Invulnerability Field II', 2],
      ['Damage Control II', 1],
      ['Medium Core Defense Field Extender I', 2],
      ['Tengu Offensive - Accelerated Ejection Bay', 1],
      ['Caldari Navy Scourge Heavy Missile', 8718],
      ['Warrior II', 12],
      ['Helium Isotopes', 1],
    ])
    expect(result.skippedLines).toBe(8)
  })

  it("keeps 'Drones' as an item (the skill book) outside a fitting export", () => {
    expect(pairs('Drones\nFighters 2')).toEqual([
      ['Drones', 1],
      ['Fighters', 2],
    ])
  })
})

describe('D-scan', () => {
  it('reads the current format by type id (one per line; celestials included)', () => {
    const { items } = parseAppraisalText("12005\tCosmic Anomaly\tIshtar\t-\n587\tsome dude's Rifter\tRifter\t1,234 km\n14\tOtanuomi V - Moon 11\tMoon\t10.4 AU")
    expect(items.map((i) => [i.typeId, i.name, i.qty])).toEqual([
      [12005, 'Ishtar', 1],
      [587, 'Rifter', 1],
      [14, 'Moon', 1],
    ])
  })

  it('reads the older format by the type column', () => {
    expect(
      pairs("+\tNoctis\t3,225 m\n+\tThrasher\t12 km\nsome dude's Stabber Fleet Issue\tStabber Fleet Issue\t-\nWreck\tTayra\t82 km\ntest\tNoctis\t3 225 m"),
    ).toEqual([
      ['Noctis', 1],
      ['Thrasher', 1],
      ['Stabber Fleet Issue', 1],
      ['Tayra', 1],
      ['Noctis', 1],
    ])
  })
})

describe('loot history, industry and planetary interaction', () => {
  it('reads loot history', () => {
    expect(pairs("03:21:19 Some dude has looted 5 x Garde II\n04:22:20 A cool dude has looted 5'000 x Garde II")).toEqual([
      ['Garde II', 5],
      ['Garde II', 5000],
    ])
  })

  it('reads the industry materials list', () => {
    expect(pairs('Tritanium (4662 Units)\nPyerite (1,857 Units)\nStrontium Clathrates (1 Unit)')).toEqual([
      ['Tritanium', 4662],
      ['Pyerite', 1857],
      ['Strontium Clathrates', 1],
    ])
  })

  it('reads PI storage and routing lists', () => {
    expect(pairs('\tAqueous Liquids\t305.0\t3.05\n331.0\tAqueous Liquids\tNot routed\n331\tAqueous Liquids\tRouted\n\tBase Metals\t205.0')).toEqual([
      ['Aqueous Liquids', 305],
      ['Aqueous Liquids', 331],
      ['Aqueous Liquids', 331],
      ['Base Metals', 205],
    ])
  })
})

describe('survey scanner', () => {
  it('reads ore, units, volume and distance; collapsed group rows are not counted', () => {
    const paste = `Pyroxeres\t1,919\t5,842 m
Pyroxeres\t32,680\t9,804 m3\t25 km
Scordite
Veldspar
Veldspar\t26,644\t6,115 m
Solid Pyroxeres\t41,708\t12,512 m3\t27 km`
    const result = parseAppraisalText(paste)
    expect(result.items.map((i) => [i.name, i.qty])).toEqual([
      ['Pyroxeres', 1919],
      ['Pyroxeres', 32680],
      ['Veldspar', 26644],
      ['Solid Pyroxeres', 41708],
    ])
    expect(result.skippedLines).toBe(2)
  })
})

describe('view contents and asset lists', () => {
  it('reads name, group, location and quantity', () => {
    const paste = `1600mm Reinforced Steel Plates II\tArmor Reinforcer\tLow Slot\t1
Bouncer II\tCombat Drone\tDrone Bay\t1
Nitrogen Isotopes\tIce Product\tFuel Bay\t20000
Tengu Defensive - Adaptive Shielding\tDefensive Systems\tSubsystem\t1
Giant Secure Container\tSecure Cargo Container\t\t1
Compressed Vivid Hemorphite\tHemorphite\tOre Hold\t51
Scourge Cruise Missile\tCruise Missile\t5300
Men's 'Esquire' Coat (red/gold)\tOuter\t1`
    expect(pairs(paste)).toEqual([
      ['1600mm Reinforced Steel Plates II', 1],
      ['Bouncer II', 1],
      ['Nitrogen Isotopes', 20000],
      ['Tengu Defensive - Adaptive Shielding', 1],
      ['Giant Secure Container', 1],
      ['Compressed Vivid Hemorphite', 51],
      ['Scourge Cruise Missile', 5300],
      ["Men's 'Esquire' Coat (red/gold)", 1],
    ])
  })
})

describe('the compare tool', () => {
  it('reads one of each item; fitting units, times and skill levels are not quantities', () => {
    const paste = `Small Armor Repairer I\tTech I\t40 GJ\t5 MW\t5 tf\t6.00 s\t69 HP\tLevel 0
Small Armor Repairer II\tTech II\t40 GJ\t6 MW\t6 tf\t6.00 s\t92 HP\tLevel 5
'Gorget' Small Armor Repairer I\tStoryline\t40 GJ\t5 MW\t4 tf\t6.00 s\t92 HP\tLevel 6`
    expect(pairs(paste)).toEqual([
      ['Small Armor Repairer I', 1],
      ['Small Armor Repairer II', 1],
      ["'Gorget' Small Armor Repairer I", 1],
    ])
    // retyped with spaces: still columns (only two text parts may be one name holding two spaces)
    expect(pairs('Small Armor Repairer II  Tech II  40 GJ  6 MW  6 tf  6.00 s  92 HP  Level 5')).toEqual([['Small Armor Repairer II', 1]])
  })
})

describe('market and wallet listings', () => {
  it('reads a multibuy export (quantity, unit price, total) and skips the total row', () => {
    expect(pairs('Tritanium\t4662\t5.20\t24,242.40\nPyerite\t1857\t12.01\t22,302.57\nTotal:\t\t\t46,544.97')).toEqual([
      ['Tritanium', 4662],
      ['Pyerite', 1857],
    ])
  })

  it('reads a market log export (CSV with a header) by type id and remaining volume', () => {
    const paste =
      'price,volRemaining,typeID,range,orderID,volEntered,minVolume,bid,issueDate,duration,stationID,regionID,solarSystemID,jumps,\n5.32,1234567.0,34,32767,6012345678,2000000,1,False,2026-11-20 10:00:00.000,90,60003760,10000002,30000142,0,\n9.5,500.0,35,32767,6012345679,500,1,True,2026-11-20 10:00:00.000,90,60003760,10000002,30000142,0,'
    const { items, skippedLines } = parseAppraisalText(paste)
    expect(items.map((i) => [i.typeId, i.qty])).toEqual([
      [34, 1234567],
      [35, 500],
    ])
    expect(skippedLines).toBe(1)
  })

  it('reads itemised wallet transactions (date first, ISK columns ignored)', () => {
    const paste =
      "2014.01.04 16:08\tStorm Command Center\t200,000.00 ISK\t1\t-200,000.00 ISK\tISK\tlady scarlette\tOtanuomi IV - Moon 4 - Ishukone Corporation Factory\n2014.12.19 20:04\tMedium Core Defense Capacitor Safeguard II\t7'999'996.10 ISK\t3\t23'999'988.30 ISK\tISK\tOrmand Ishikela\tJita IV - Moon 4 - Caldari Navy Assembly Plant"
    expect(pairs(paste)).toEqual([
      ['Storm Command Center', 1],
      ['Medium Core Defense Capacitor Safeguard II', 3],
    ])
  })

  it('reads mining and moon ledgers, with or without their header row', () => {
    const withHeader =
      'Timestamp\tOre Type\tQuantity\tVolume\tEst. Price\tSolar System\tOre TypeID\tSolarSystemID\n2017.10.11\tTriclinic Bistot\t349\t5584.0\t962,161\tZ-Y9C3\t17428\t30003124\n2017.10.22\tCrimson Arkonor\t435\t6960\t2,253,447\tZ-Y9C3\t17425\t30003124'
    expect(parseAppraisalText(withHeader).items.map((i) => [i.typeId, i.name, i.qty])).toEqual([
      [17428, 'Triclinic Bistot', 349],
      [17425, 'Crimson Arkonor', 435],
    ])
    const moon = parseAppraisalText('2019.01.19\tCorp name\tminer 1\tYtterbite\t8,625\t86,250 m³\t70,377,757 ISK')
    expect(moon.items[0].alternatives).toContainEqual({ name: 'Ytterbite', qty: 8625 })
  })

  it('reads a spreadsheet with a header row, wherever the columns are', () => {
    expect(pairs('Type\tCount\tVolume\tValue\nRook\t16\t10000\t3720706652\nSkiff\t8\t3750\t2311869261\n\nTritanium 5')).toEqual([
      ['Rook', 16],
      ['Skiff', 8],
      ['Tritanium', 5],
    ])
  })

  it('reads a CSV whose quoted cells hold commas (a formatted 1,000, a name with a comma)', () => {
    expect(pairs('Item,Quantity,Price\nTritanium,"1,000",5.00\n"Pyerite",2500,"10,000.00"\n"Odd, Name",2,1')).toEqual([
      ['Tritanium', 1000],
      ['Pyerite', 2500],
      ['Odd, Name', 2],
    ])
  })

  it('reads quoted CSV rows without a header, and a two-column header', () => {
    expect(pairs('"Tritanium",1000\n"Hobgoblin II","5"\n"Pyerite","2,500"\n25,"Mexallon"\n"Odd, Name",2')).toEqual([
      ['Tritanium', 1000],
      ['Hobgoblin II', 5],
      ['Pyerite', 2500],
      ['Mexallon', 25],
      ['Odd, Name', 2],
    ])
    const withHeader = parseAppraisalText('"Name","Quantity"\n"Tritanium","1,000"\nPyerite,20')
    expect(withHeader.items.map((i) => [i.name, i.qty])).toEqual([
      ['Tritanium', 1000],
      ['Pyerite', 20],
    ])
    expect(withHeader.skippedLines).toBe(1)
  })
})

describe('killmails', () => {
  const killmail = `2013.06.15 17:28:00

Victim: Some poor victim
Corp: Victim's Corp Name
Alliance: Victim's Alliance Name
Faction: Unknown
Destroyed: Scimitar
System: Jita
Security: 0.9
Damage Taken: 14194

Involved parties:

Name: Ganker Name (laid the final blow)
Security: -1.00
Corp: Ganker Corp
Ship: Apocalypse Navy Issue
Weapon: Mega Pulse Laser II
Damage Done: 14194

Name: Ganker Name2
Ship: Rifter
Weapon: Some tiny little gun
Damage Done: 0

Destroyed items:

Medium Armor Maintenance Bot I, Qty: 3 (Drone Bay)
Tengu Engineering - Capacitor Regeneration Matrix
Power Diagnostic System II (Cargo)
Nanite Repair Paste, Qty: 1,250 (Cargo)

Dropped items:

Warrior II (Drone Bay)`

  it("values the victim's ship and the destroyed and dropped items, never the attackers' ships", () => {
    expect(pairs(killmail)).toEqual([
      ['Scimitar', 1],
      ['Medium Armor Maintenance Bot I', 3],
      ['Tengu Engineering - Capacitor Regeneration Matrix', 1],
      ['Power Diagnostic System II', 1],
      ['Nanite Repair Paste', 1250],
      ['Warrior II', 1],
    ])
  })

  it('ends the killmail at a line no killmail has: an inventory row or a fitting pasted after it', () => {
    expect(pairs(`${killmail}\n\nTritanium\t500\tMineral\t\t\t5 m3\nPyerite\t20`)).toEqual([...pairs(killmail), ['Tritanium', 500], ['Pyerite', 20]])
    expect(pairs(`${killmail}\n\n[Rifter, Tackle]\n200mm AutoCannon II, EMP S`)).toEqual([
      ...pairs(killmail),
      ['Rifter', 1],
      ['200mm AutoCannon II', 1],
      ['EMP S', 1],
    ])
  })

  it('tries a name that keeps its brackets when the bracket was not a location', () => {
    const { items } = parseAppraisalText("2020.01.01 00:00\n\nVictim: X\nDestroyed: Rifter\n\nDestroyed items:\n\nMen's 'Esquire' Coat (red/gold)")
    expect(items[1]).toMatchObject({
      name: "Men's 'Esquire' Coat",
      alternatives: expect.arrayContaining([{ name: "Men's 'Esquire' Coat (red/gold)", qty: 1 }]),
    })
  })
})

describe('forms found by a review against evepraisal and real pastes', () => {
  it('splits an EFT module and its charge when the export leaves out the space after the comma', () => {
    expect(pairs('[Hawk, Fit]\nRapid Light Missile Launcher II,Caldari Navy Mjolnir Light Missile')).toEqual([
      ['Hawk', 1],
      ['Rapid Light Missile Launcher II', 1],
      ['Caldari Navy Mjolnir Light Missile', 1],
    ])
  })

  it('keeps cargo whose type name holds a comma whole in an EFT export (a loaded charge has no xN count)', () => {
    expect(pairs('[Badger, Haul]\nCargo Scanner I\n\n\nExotic Dancers, Male x50\nExotic Dancers, Female x1')).toEqual([
      ['Badger', 1],
      ['Cargo Scanner I', 1],
      ['Exotic Dancers, Male', 50],
      ['Exotic Dancers, Female', 1],
    ])
  })

  it("reads a structure's killmail, which starts with Corp: rather than Victim:", () => {
    const pos =
      '2012.08.19 03:28\n\nCorp: Some Corp\nAlliance: None\nFaction: NONE\nDestroyed: Amarr Control Tower\nSystem: Jita\nSecurity: 0.9\nDamage Taken: 56128492\n\nInvolved parties:\n\nName: Pilot (laid the final blow)\nShip: Nyx\n\nDestroyed items:\n\nLarge Shield Hardener I, Qty: 2\nStrontium Clathrates, Qty: 12,500 (Strontium Bay)'
    expect(pairs(pos)).toEqual([
      ['Amarr Control Tower', 1],
      ['Large Shield Hardener I', 2],
      ['Strontium Clathrates', 12500],
    ])
  })

  it("reads a killmail's item lines pasted without the rest of the killmail", () => {
    expect(pairs('Warrior II, Qty: 5 (Drone Bay)\nHobgoblin II, Qty: 1,000')).toEqual([
      ['Warrior II', 5],
      ['Hobgoblin II', 1000],
    ])
  })

  it('offers a name ending in a number with the last group as the quantity', () => {
    const item = only('Navy Cap Booster 400 100')
    expect(item.alternatives).toContainEqual({ name: 'Navy Cap Booster 400', qty: 100 })
  })

  it.each([
    ['Tritanium: 53333', 'Tritanium', 53333],
    ['Hobgoblin II  x5', 'Hobgoblin II', 5],
    ['Tritanium\tx5', 'Tritanium', 5],
    ['5x  Hobgoblin II', 'Hobgoblin II', 5],
    ['1xMinmatar Shuttle', 'Minmatar Shuttle', 1],
    ['7 Xray S', 'Xray S', 7],
    ['1\u2019000 x Tritanium', 'Tritanium', 1000],
    ['Tritanium x 1\u2019000', 'Tritanium', 1000],
    ['Jovian Symbolic Navigator 14:16:13:22', 'Jovian Symbolic Navigator 14:16:13:22', 1],
  ])('%s', (text, name, qty) => {
    expect(pairs(text)).toEqual([[name, qty]])
  })

  it('takes a rig named "Blueprint Copy Accelerator" for what it is, not a blueprint copy', () => {
    const item = only('Standup M-Set Blueprint Copy Accelerator I\t1\tStructure Engineering Rig M - Blueprint Copy Accelerator\tStructure Module\tFitted')
    expect(item).toMatchObject({ name: 'Standup M-Set Blueprint Copy Accelerator I', qty: 1 })
    expect(item.blueprintCopy).toBeUndefined()
  })
})

describe('mixed pastes: a second format after the first', () => {
  it('reads an inventory or list pasted after a fit, where a comma groups thousands', () => {
    const fit = '[Rifter, Tackle]\n200mm AutoCannon I, EMP S\nWarrior II x3'
    expect(
      pairs(`${fit}\n\nTritanium\t1,000\tMineral\t\t\t10 m3\t5,000.00 ISK\nPyerite  2,500  Mineral\nMexallon 1,500\nHobgoblin II, Qty: 5 (Drone Bay)`),
    ).toEqual([
      ['Rifter', 1],
      ['200mm AutoCannon I', 1],
      ['EMP S', 1],
      ['Warrior II', 3],
      ['Tritanium', 1000],
      ['Pyerite', 2500],
      ['Mexallon', 1500],
      ['Hobgoblin II', 5],
    ])
  })

  it('offers the ordinary reading of a list pasted after a killmail', () => {
    const killmail =
      '2023.05.12 19:48:00\n\nVictim: Someone\nDestroyed: Vexor\n\nInvolved parties:\n\nName: Attacker (laid the final blow)\nShip: Loki\n\nDestroyed items:\n\nCap Booster 800\nHammerhead II, Qty: 3 (Drone Bay)'
    const { items } = parseAppraisalText(`${killmail}\n\nTritanium 100\n5 x Hobgoblin II`)
    expect(items.map((i) => [i.name, i.qty])).toEqual([
      ['Vexor', 1],
      ['Cap Booster 800', 1],
      ['Hammerhead II', 3],
      ['Tritanium 100', 1],
      ['5 x Hobgoblin II', 1],
    ])
    expect(items[3].alternatives).toContainEqual({ name: 'Tritanium', qty: 100 })
    expect(items[4].alternatives).toContainEqual({ name: 'Hobgoblin II', qty: 5 })
  })

  it('drops only the survey scan group rows, not the bare names of a fit pasted beside the scan', () => {
    const survey = 'Pyroxeres\nPyroxeres\t32,680\t9,804 m3\t25 km\nScordite\nVeldspar\nVeldspar\t26,644\t6,115 m'
    expect(pairs(`${survey}\n\n[Rifter, Tackle]\n1MN Afterburner II\nDamage Control II\n\nPlex`)).toEqual([
      ['Pyroxeres', 32680],
      ['Veldspar', 26644],
      ['Rifter', 1],
      ['1MN Afterburner II', 1],
      ['Damage Control II', 1],
      ['Plex', 1],
    ])
  })
})

describe('a killmail with no items', () => {
  it('ends at its attackers, so a list pasted after it is read', () => {
    const shuttle =
      '2023.05.12 19:48:00\n\nVictim: Someone\nCorp: Some Corp\nAlliance: None\nFaction: None\nDestroyed: Minmatar Shuttle\nSystem: J123456\nSecurity: -1.0\nDamage Taken: 512\n\nInvolved parties:\n\nName: Attacker (laid the final blow)\nSecurity: 0.0\nCorp: X\nAlliance: None\nFaction: None\nShip: Loki\nWeapon: 1400mm Howitzer Artillery II\nDamage Done: 512'
    expect(pairs(`${shuttle}\n\nTritanium 100\nHobgoblin II x5`)).toEqual([
      ['Minmatar Shuttle', 1],
      ['Tritanium', 100],
      ['Hobgoblin II', 5],
    ])
  })

  it('keeps reading a killmail whose field is left empty', () => {
    expect(
      pairs(
        '2023.05.12 19:48:00\n\nVictim: Someone\nAlliance:\nDestroyed: Rifter\n\nInvolved parties:\n\nName: Attacker (laid the final blow)\nAlliance:\nShip: Loki\n\nDestroyed items:\n\nWarrior II, Qty: 2',
      ),
    ).toEqual([
      ['Rifter', 1],
      ['Warrior II', 2],
    ])
  })
})
