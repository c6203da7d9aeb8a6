/** A plain object (not null, not an array), for the pages' checks that an answer has the shape they read. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
