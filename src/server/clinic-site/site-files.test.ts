import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TEST_FILES, testApp } from '../../../test/helpers/server-app.js';
import { pickEncoding, prepareSite } from './site-files.js';

const big = `<!DOCTYPE html><html><body>${'<p>Testosterone replacement therapy</p>'.repeat(200)}</body></html>`;

describe('precompressed site files', () => {
  const site = prepareSite({ 'index.html': big, 'robots.txt': 'User-agent: *\n' });

  it('compresses text over 1 KB once, to bytes that decompress to the page', () => {
    const entry = site.get('index.html')!;
    expect(brotliDecompressSync(entry.br!).toString()).toBe(big);
    expect(gunzipSync(entry.gzip!).toString()).toBe(big);
    expect(entry.br!.byteLength).toBeLessThan(big.length / 10);
    expect(site.get('robots.txt')!.br).toBeUndefined();
  });

  it('picks br, then gzip, honouring q=0', () => {
    const entry = site.get('index.html')!;
    expect(pickEncoding(entry, 'gzip, deflate, br, zstd').encoding).toBe('br');
    expect(pickEncoding(entry, 'gzip').encoding).toBe('gzip');
    expect(pickEncoding(entry, 'br;q=0, gzip').encoding).toBe('gzip');
    expect(pickEncoding(entry, 'identity').encoding).toBeUndefined();
    expect(pickEncoding(entry, undefined).encoding).toBeUndefined();
  });

  it('are served with Content-Encoding, Vary and an ETag of their own', async () => {
    const app = testApp({ files: { ...TEST_FILES, 'index.html': big } });
    const br = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const plain = await app.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const again = await app.request('/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
