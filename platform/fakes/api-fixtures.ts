import { fileURLToPath } from 'node:url'

/**
 * Recorded samples of the outside services (ESI, zKillboard, EVE-Scout, Discord, CCP's static-data host), copied into
 * the repository for the loopback fakes and tests (see api-fixtures/PROVENANCE.md). Test and demo data only: the
 * product never reads them as game facts.
 */
export const API_FIXTURES_DIR = fileURLToPath(new URL('./api-fixtures', import.meta.url))
