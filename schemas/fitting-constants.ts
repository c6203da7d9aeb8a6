/**
 * Why a fitting session's VNC websocket was closed, as websocket close codes (4000-4999 are free for
 * applications). The server sends them; the session page turns them into a sentence. No zod here: the page
 * imports this file.
 */
export const FittingCloseCode = {
  /** No keyboard or mouse input for the idle timeout. */
  idle: 4000,
  /** The same session was opened in another tab or window, which took over. */
  replaced: 4001,
  /** Ended on purpose (the End session button). */
  ended: 4002,
  /** The fitting application exited (its window was closed or it crashed). */
  appExited: 4003,
  /** The virtual display or the VNC server stopped. */
  displayFailed: 4005,
  /** No browser was attached for the disconnect grace period. */
  abandoned: 4006,
  /** The server is shutting down. */
  shutdown: 1001,
} as const

export type FittingEndReason = keyof typeof FittingCloseCode

/** What the page says for each reason, after "This session ended: ". */
export const FITTING_END_MESSAGES: Record<FittingEndReason, string> = {
  idle: 'there was no keyboard or mouse input for the idle timeout.',
  replaced: 'it was opened in another tab or window.',
  ended: 'End session was pressed.',
  appExited: 'the fitting application was closed or stopped.',
  displayFailed: 'its virtual display stopped unexpectedly.',
  abandoned: 'no browser was connected to it for a while.',
  shutdown: 'the server is restarting.',
}

/** Path of a session's VNC websocket on the API. */
export const fittingVncPath = (id: string) => `/api/pyfa/sessions/${id}/vnc`
