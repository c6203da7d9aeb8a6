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
