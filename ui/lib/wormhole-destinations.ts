/**
 * Where a wormhole leads, as the community type data names it, with the colour pages draw it in. The spec groups
 * statics into c1-c6, hs, ls, ns and thera; the palette keeps J-space classes on a cool-to-warm scale and gives
 * known space its own hues, all readable on the dark panels.
 */
export const DESTINATIONS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'hs', 'ls', 'ns', 'thera'] as const
export type Destination = (typeof DESTINATIONS)[number]

export const DESTINATION_COLOURS: Record<Destination, string> = {
  c1: '#7fb7ff',
  c2: '#41d6c3',
  c3: '#8ad96a',
  c4: '#e8d44d',
  c5: '#ff9a3c',
  c6: '#ff5a5f',
  hs: '#f4f7fb',
  ls: '#ff8fc7',
  ns: '#b48cff',
  thera: '#c9a26b',
}
/** Destinations outside the spec's groups (C13, Pochven, the Drifter systems) are drawn in grey. */
export const OTHER_DESTINATION_COLOUR = '#9aa5b8'

const LABELS: Record<string, string> = { hs: 'High-sec', ls: 'Low-sec', ns: 'Null-sec', thera: 'Thera', pochven: 'Pochven', c13: 'C13 (shattered)' }

export const destinationLabel = (d: string) => LABELS[d] ?? (/^c\d$/.test(d) ? d.toUpperCase() : d.charAt(0).toUpperCase() + d.slice(1))
export const destinationColour = (d: string | undefined) => (d && d in DESTINATION_COLOURS ? DESTINATION_COLOURS[d as Destination] : OTHER_DESTINATION_COLOUR)
export const isDestination = (d: string): d is Destination => (DESTINATIONS as readonly string[]).includes(d)
