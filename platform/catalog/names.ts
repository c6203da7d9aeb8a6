/** Unicode dashes players' clipboards produce (hyphen, non-breaking hyphen, figure/en/em dashes, minus). */
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g
/** Spaces that are not U+0020: no-break, narrow no-break, thin, ideographic and friends. */
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t]/g
const QUOTES = /[\u2018\u2019\u201B\u2032]/g
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g

/**
 * The key names are looked up by: case-insensitive, Unicode-normalised, odd spaces and dash variants folded,
 * runs of spaces collapsed, trimmed. 'Tritanium\u00a0' and 'TRITANIUM' both become 'tritanium'.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .replace(ODD_SPACES, ' ')
    .replace(DASHES, '-')
    .replace(QUOTES, "'")
    .replace(/ {2,}/g, ' ')
    .trim()
    .toLowerCase()
}
