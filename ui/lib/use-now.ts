import { useEffect, useState } from 'react'

/** The current time in ms, re-read every `intervalMs`, for text that counts ("snapshot 3 min ago", "retry in 12 s"). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
