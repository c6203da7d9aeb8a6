import { useEffect, useState } from 'react'

/** The current time, updated on every whole second (so a clock shown from it flips with the real one). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(Date.now())
          schedule()
        },
        1000 - (Date.now() % 1000) + 5,
      )
    }
    schedule()
    return () => clearTimeout(timer)
  }, [])
  return now
}
