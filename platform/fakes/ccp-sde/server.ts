import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type http from 'node:http'
import yazl from 'yazl'
import { LoopbackServer } from '../../testing/loopback-server.js'

/**
 * A loopback fake of CCP's static-data host (developers.eveonline.com/static-data/, see
 * ../api-fixtures/ccp-sde/FORMAT.md): `tranquility/latest.jsonl` names the current build and carries an ETag and
 * Last-Modified, answering 304 to a matching If-None-Match; `tranquility/eve-online-static-data-<build>-jsonl.zip`
 * serves each build's archive. Tests set `latest` and `builds`; `requests` lists every path asked for.
 */
export class CcpSdeFake extends LoopbackServer {
  latest: { buildNumber: number; releaseDate: string } | null = null
  lastModified = new Date('2026-08-28T11:26:32Z')
  readonly builds = new Map<number, Buffer>()
  readonly requests: string[] = []

  get latestUrl(): string {
    return `${this.url}/static-data/tranquility/latest.jsonl`
  }

  private latestBody(): string {
    // CCP's serializer: a space after ':' and ','; one record, one trailing newline.
    return `{"_key": "sde", "buildNumber": ${this.latest!.buildNumber}, "releaseDate": "${this.latest!.releaseDate}"}\n`
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x')
    this.requests.push(url.pathname)
    if (url.pathname === '/static-data/tranquility/latest.jsonl' && this.latest) {
      const body = this.latestBody()
      const etag = `"${crypto.createHash('md5').update(body).digest('hex')}"`
      const headers = { etag, 'last-modified': this.lastModified.toUTCString(), 'cache-control': 'max-age=300', 'content-type': 'application/jsonlines+json' }
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end()
        return
      }
      res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body)
      return
    }
    const m = /^\/static-data\/tranquility\/eve-online-static-data-(\d+)-jsonl\.zip$/.exec(url.pathname)
    const zip = m ? this.builds.get(Number(m[1])) : undefined
    if (zip) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length }).end(zip)
      return
    }
    res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>')
  }
}

/** A flat zip of every file in `dir` (CCP's archive layout), with `replace` swapping in the content of named files. */
export async function zipFolder(dir: string, replace: Record<string, string> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const name of fs.readdirSync(dir).sort()) zip.addBuffer(Buffer.from(replace[name] ?? fs.readFileSync(path.join(dir, name))), name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
