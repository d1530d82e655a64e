import zlib from 'node:zlib';
import Fastify from 'fastify';
import { sendCompressed } from './compressed';

const PAGE = `<!doctype html><h1>${'文润'.repeat(2000)}</h1>`;

describe('pages compressed as the visitor accepts them', () => {
  const app = Fastify();
  app.get('/:size', (request, reply) => sendCompressed(request, reply.type('text/html'), (request.params as { size: string }).size === 'small' ? '<h1>小</h1>' : PAGE));
  afterAll(() => app.close());

  it('sends brotli where accepted, else gzip, else the page as it is', async () => {
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(PAGE) / 10);
    const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
    const plain = await app.inject({ url: '/large', headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, PAGE]);
  });

  it('sends a small page as it is: compressing it would cost more than it saves', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect([small.headers['content-encoding'], small.body]).toEqual([undefined, '<h1>小</h1>']);
  });
});
