import { useCallback, useState } from 'react'
import { readStorage, writeStorage } from '../lib/storage'

/** localStorage key of the background choice; 'true' animated (the default), 'false' static. */
export const STARFIELD_KEY = 'starfield-animated'

export function useStarfieldSetting(): [boolean, () => void] {
  const [animated, setAnimated] = useState(() => readStorage(STARFIELD_KEY) !== 'false')
  const toggle = useCallback(() => {
    setAnimated((was) => {
      writeStorage(STARFIELD_KEY, String(!was))
      return !was
    })
  }, [])
  return [animated, toggle]
}
