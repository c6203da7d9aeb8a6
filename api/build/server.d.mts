/** Types of server.mjs for the TypeScript that imports it (the benchmarks). */
export function serverFingerprint(): string
export function serverBuildDir(fingerprint?: string): string
export function serverBuildIsCurrent(fingerprint?: string): boolean
export function bundleServer(fingerprint?: string): Promise<string>
export function bundle(entries: Record<string, string>, outdir: string): Promise<void>
export function typecheck(): void
