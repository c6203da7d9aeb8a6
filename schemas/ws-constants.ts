/** How often the server sends a heartbeat; clients treat twice this with no message as a dead socket. (No zod here: the UI's initial bundle imports it.) */
export const HEARTBEAT_INTERVAL_MS = 25_000
