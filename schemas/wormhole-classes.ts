/** Wormhole class ids as the SDE numbers them, and the labels pilots use. (No zod here.) */

/** SDE wormholeClassID 12 is Thera, which the wormhole list leaves out (the spec's 2603 systems). */
export const THERA_CLASS = 12

/**
 * Names of the Drifter system classes 14-18 (EVE University, "Drifter wormholes"; the same labels in the
 * community systems data). Other classes are labelled C<n>.
 */
const DRIFTER_CLASS_LABELS: Record<number, string> = { 14: 'Sentinel', 15: 'Barbican', 16: 'Vidette', 17: 'Conflux', 18: 'Redoubt' }

export const classLabel = (classId: number) => DRIFTER_CLASS_LABELS[classId] ?? `C${classId}`

/** The name pilots call a Drifter system by ("Vidette" for J164710); null for other systems. */
export const drifterName = (classId: number): string | null => DRIFTER_CLASS_LABELS[classId] ?? null

/**
 * Shattered, as the spec defines it: a star named A0IV or a planet type containing "shattered". Our star name is
 * the SDE star type ("Sun A0IV (Turbulent Blue Subgiant)"), so both the type name and the spectral class
 * (A0IV, A0IV2) are read.
 */
export function isShattered(w: { star_name: string | null; star_spectral_class: string | null; planets: ReadonlyArray<{ type_name: string }> }): boolean {
  if (w.star_name?.includes('A0IV') || w.star_spectral_class?.startsWith('A0IV')) return true
  return w.planets.some((p) => p.type_name.toLowerCase().includes('shattered'))
}

/** "Planet (Gas)" → "Gas". */
export const planetKind = (typeName: string) => /\(([^)]+)\)/.exec(typeName)?.[1] ?? typeName
