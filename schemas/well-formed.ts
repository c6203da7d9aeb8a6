/** Half of a UTF-16 surrogate pair on its own: valid in a JSON string ("\ud800"), refused by ClickHouse on insert. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Text as it can be stored: each broken character becomes U+FFFD, the standard replacement character. */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd')
