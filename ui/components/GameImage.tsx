import { useState } from 'react'
import './GameImage.css'

interface Props {
  src: string
  alt: string
  size?: number
  className?: string
}

/**
 * An image from the game's image server. When the server cannot be reached the image is replaced by a labelled
 * placeholder (the first letters of its name), so the page says what should be there instead of showing a
 * broken-image icon.
 */
export function GameImage({ src, alt, size = 32, className }: Props) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    const letters = alt
      .replace(/[^A-Za-z0-9 ]/g, '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase()
    return (
      <span
        className={`game-image-fallback${className ? ` ${className}` : ''}`}
        style={{ width: size, height: size }}
        role="img"
        aria-label={alt}
        title={`${alt} (image server unreachable)`}
        data-testid="image-fallback"
      >
        {letters || '?'}
      </span>
    )
  }
  return <img className={className} src={src} alt={alt} width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
}
