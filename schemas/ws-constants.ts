/** How often the server sends a heartbeat; clients treat twice this with no message as a dead socket. (No zod here: the UI's initial bundle imports it.) */
export const HEARTBEAT_INTERVAL_MS = 25_000

/**
 * Why the server closed a `/ws` socket (RFC 6455 section 7.4.1 codes; the reason says it in a sentence).
 * A socket that stops answering the server's pings is cut without a close frame (it would not read one).
 */
export const WsCloseCode = {
  /** More sockets from one address (an IPv6 /64 counts as one) than the server allows. */
  tooManyFromAddress: 1013,
  /** More sockets overall than the server allows. */
  serverFull: 1013,
  /** The page stopped reading: what the server had to send piled up past the bound. */
  notReading: 1008,
  /** A message larger than the server accepts (the `ws` library closes with this code itself). */
  tooBig: 1009,
} as const
