import http from 'node:http'
import zlib from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'

const baseUrl = inject('appUrl')

/** A raw GET (fetch would decompress and hide Content-Encoding), with the headers given. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('price answers served from bytes cached per snapshot', () => {
  const path = `/api/prices/station?station_id=60003760&type_ids=${Array.from({ length: 300 }, (_, i) => 18 + i).join(',')}`

  it('sends the same answer plain, gzip and brotli, under one ETag, and 304 to a client that has it', async () => {
    await expect.poll(async () => JSON.parse((await get(path, {})).body.toString()).rows.length, { timeout: 60_000 }).toBeGreaterThan(0)
    const plain = await get(path, {})
    const gzip = await get(path, { 'Accept-Encoding': 'gzip' })
    const br = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/Accept-Encoding/i)
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
    expect(gzip.headers.etag).toBe(plain.headers.etag)
    const again = await get(path, { 'If-None-Match': `W/${plain.headers.etag}`, 'Accept-Encoding': 'gzip' })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('serves the bulk CSV from the cache too, as a download', async () => {
    const csv = await get('/api/prices/bulk?station_id=60003760&format=csv', { 'Accept-Encoding': 'gzip' })
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="prices-60003760.csv"')
    expect(zlib.gunzipSync(csv.body).toString().split('\n')[0]).toMatch(/^station_id,type_id,/)
  })
})
