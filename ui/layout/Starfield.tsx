import { useEffect, useRef } from 'react'

interface Star {
  x: number
  y: number
  z: number
  size: number
  twinkle: number
}

const STAR_DENSITY = 1 / 5500 // stars per CSS pixel²

function makeStars(left: number, top: number, width: number, height: number): Star[] {
  const count = Math.round(width * height * STAR_DENSITY)
  return Array.from({ length: count }, () => ({
    x: left + Math.random() * width,
    y: top + Math.random() * height,
    z: 0.2 + Math.random() * 0.8,
    size: Math.random() < 0.06 ? 1.8 : 0.6 + Math.random() * 0.9,
    twinkle: Math.random() * Math.PI * 2,
  }))
}

/** How long after the reader's last key or click, or after the page opens, the sky starts drifting (again). */
const INTERACTION_PAUSE_MS = 1500
/**
 * The drift is a few pixels a second, so 20 frames a second look as smooth as 60 at a third of the work: on a phone
 * (4× slower CPU) a frame took 30 ms of script and as much again to composite, most of the main thread.
 */
const FRAME_MS = 50

/**
 * The background: a canvas of stars drifting slowly (animated) or still (static). Animation stops when the user
 * prefers reduced motion, and pauses while the tab is hidden, while the page opens, and for a moment after each key or
 * click: drawing a frame took 10-30 ms of the main thread a keystroke in a 10,000-line paste waited behind, and its
 * frames took the CPU a 5,000-line appraisal was waiting for on a two-core machine (docs/tools/appraisals.md).
 */
export function Starfield({ animated }: { animated: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const canvas = canvasRef.current
    const g = canvas?.getContext('2d')
    if (!canvas || !g) return
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)')
    const stars: Star[] = []
    // The area stars have been scattered over so far. It only grows: a window that shrinks and grows again (a phone's
    // address bar hiding and showing as the page scrolls) finds its stars where they were, instead of a new sky.
    let fieldWidth = 0
    let fieldHeight = 0
    let frame = 0
    let last = performance.now()
    let interacting = false
    let resumeTimer = 0

    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2)
      const w = window.innerWidth
      const h = window.innerHeight
      canvas.width = w * dpr
      canvas.height = h * dpr
      g.setTransform(dpr, 0, 0, dpr, 0, 0)
      if (w > fieldWidth) stars.push(...makeStars(fieldWidth, 0, w - fieldWidth, Math.max(h, fieldHeight)))
      if (h > fieldHeight) stars.push(...makeStars(0, fieldHeight, fieldWidth, h - fieldHeight))
      fieldWidth = Math.max(fieldWidth, w)
      fieldHeight = Math.max(fieldHeight, h)
      draw(0)
    }

    const draw = (dt: number) => {
      const w = window.innerWidth
      const h = window.innerHeight
      g.clearRect(0, 0, w, h)
      for (const s of stars) {
        s.x -= dt * 0.006 * s.z
        // back in at the far edge of the field, so the field keeps its even spread of stars
        if (s.x < -2) s.x = fieldWidth + 2
        s.twinkle += dt * 0.002
        if (s.x > w + 2 || s.y > h + 2) continue // outside a window smaller than the field
        const alpha = 0.35 + 0.55 * s.z * (0.75 + 0.25 * Math.sin(s.twinkle))
        g.globalAlpha = alpha
        g.fillStyle = s.size > 1.5 ? '#cfe8ff' : '#ffffff'
        g.beginPath()
        g.arc(s.x, s.y, s.size * s.z, 0, Math.PI * 2)
        g.fill()
      }
      g.globalAlpha = 1
    }

    const moving = () => animated && !reducedMotion?.matches && !document.hidden && !interacting

    const tick = (now: number) => {
      if (now - last >= FRAME_MS) {
        draw(Math.min(now - last, 100))
        last = now
      }
      frame = moving() ? requestAnimationFrame(tick) : 0
    }

    const restart = () => {
      if (frame || !moving()) return
      last = performance.now()
      frame = requestAnimationFrame(tick)
    }

    const holdStill = () => {
      interacting = true
      cancelAnimationFrame(frame)
      frame = 0
      window.clearTimeout(resumeTimer)
      resumeTimer = window.setTimeout(() => {
        interacting = false
        restart()
      }, INTERACTION_PAUSE_MS)
    }

    resize()
    // still while the page opens: its first render and data get the machine first
    holdStill()
    document.addEventListener('keydown', holdStill, { capture: true, passive: true })
    document.addEventListener('pointerdown', holdStill, { capture: true, passive: true })
    window.addEventListener('resize', resize)
    document.addEventListener('visibilitychange', restart)
    reducedMotion?.addEventListener?.('change', restart)
    return () => {
      cancelAnimationFrame(frame)
      window.clearTimeout(resumeTimer)
      document.removeEventListener('keydown', holdStill, { capture: true })
      document.removeEventListener('pointerdown', holdStill, { capture: true })
      window.removeEventListener('resize', resize)
      document.removeEventListener('visibilitychange', restart)
      reducedMotion?.removeEventListener?.('change', restart)
    }
  }, [animated])

  return <canvas ref={canvasRef} className="starfield" data-animated={animated} aria-hidden="true" />
}
