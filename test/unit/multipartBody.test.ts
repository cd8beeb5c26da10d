// The streamed multipart body, read back by busboy (the parser the sandbox uses): the
// declared length is exact, fields come before the file, and the file's bytes arrive intact.
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../main/core/uploads/multipartBody.ts';

const dir = mkdtempSync(join(tmpdir(), 'clipdesk-multipart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // Copied: a piece is only good until the next is asked for (its buffer is reused).
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function parse(contentType: string, body: Buffer) {
  return new Promise<{
    order: string[];
    fields: Record<string, string>;
    filename: string;
    mimeType: string;
    data: Buffer;
  }>((resolve, reject) => {
    const order: string[] = [];
    const fields: Record<string, string> = {};
    let file = { filename: '', mimeType: '', data: Buffer.alloc(0) };
    const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    parser.on('field', (name, value) => {
      order.push(name);
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      order.push(name);
      const parts: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => parts.push(chunk));
      stream.on(
        'end',
        () => (file = { filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(parts) }),
      );
    });
    parser.on('close', () => resolve({ order, fields, ...file }));
    parser.on('error', reject);
    Readable.from([body]).pipe(parser);
  });
}

describe('multipartBody', () => {
  it('streams a body of exactly the declared length that busboy reads back whole', async () => {
    const path = join(dir, 'clip.mp4');
    const content = randomBytes(300_000);
    writeFileSync(path, content);
    const body = multipartBody(
      { projectId: '7' },
      { path, filename: 'Été "final".mp4', contentType: 'video/mp4', sizeBytes: content.length },
    );
    const counts: number[] = [];
    const bytes = await collect(body.open((sent) => counts.push(sent)));

    expect(bytes.length).toBe(body.length);
    const parsed = await parse(body.contentType, bytes);
    expect(parsed.order).toEqual(['projectId', 'file']);
    expect(parsed.fields).toEqual({ projectId: '7' });
    expect(parsed.filename).toBe('Été %22final%22.mp4');
    expect(parsed.mimeType).toBe('video/mp4');
    expect(parsed.data.equals(content)).toBe(true);
    expect(counts.at(-1)).toBe(content.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('fails rather than send a file that became shorter than checked', async () => {
    const path = join(dir, 'short.wav');
    writeFileSync(path, randomBytes(1000));
    const body = multipartBody({}, { path, filename: 'short.wav', contentType: 'audio/wav', sizeBytes: 5000 });
    await expect(collect(body.open(() => undefined))).rejects.toThrow(/became shorter/);
  });

  it('opens a fresh body each time', async () => {
    const path = join(dir, 'twice.png');
    writeFileSync(path, randomBytes(2000));
    const body = multipartBody(
      { brandId: '3' },
      { path, filename: 'twice.png', contentType: 'image/png', sizeBytes: 2000 },
    );
    const first = await collect(body.open(() => undefined));
    const second = await collect(body.open(() => undefined));
    expect(second.equals(first)).toBe(true);
  });
});
