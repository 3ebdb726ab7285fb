import { gzipSync } from 'node:zlib';
import { decodeJsonBytes, isGzip } from '../../../src/lib/jsonBytes';

const payload = {
  scraper_id: 'scraper-1',
  results: { configs: [{ id: 'a', name: 'nginx', config_type: 'Kubernetes::Pod' }] },
  logs: '\u001b[32mINFO\u001b[0m scraped 1 item — ünïcödé',
};

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('decodeJsonBytes', () => {
  it('reads gzipped JSON (bytes starting 1f 8b)', async () => {
    const gzipped = new Uint8Array(gzipSync(Buffer.from(JSON.stringify(payload))));
    expect(isGzip(gzipped)).toBe(true);
    await expect(decodeJsonBytes(gzipped)).resolves.toEqual(payload);
  });

  it('reads plain JSON as it is, from an ArrayBuffer too', async () => {
    const plain = bytesOf(JSON.stringify(payload));
    expect(isGzip(plain)).toBe(false);
    await expect(decodeJsonBytes(plain)).resolves.toEqual(payload);
    await expect(decodeJsonBytes(plain.slice().buffer)).resolves.toEqual(payload);
  });

  it('fails on text that is not JSON and on a broken gzip stream', async () => {
    await expect(decodeJsonBytes(bytesOf('not json'))).rejects.toThrow(SyntaxError);
    const broken = new Uint8Array(gzipSync(Buffer.from('{"a":1}'))).slice(0, 12);
    await expect(decodeJsonBytes(broken)).rejects.toThrow();
  });
});
