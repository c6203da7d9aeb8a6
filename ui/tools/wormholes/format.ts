import { formatInt } from '../../../schemas/format'

/** Masses as the game shows them: whole kilograms with separators. */
export const formatKg = (kg: number) => `${formatInt(kg)} kg`
export const formatHours = (h: number) => (Number.isInteger(h) ? `${h} h` : `${Math.floor(h)} h ${Math.round((h % 1) * 60)} min`)
