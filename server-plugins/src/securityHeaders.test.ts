import Fastify from 'fastify';
import { contentSecurityPolicy, isDocument, pageHeaders, securityHeaders, sendSecurityHeaders, type SecurityHeaders } from './securityHeaders';

const ADDRESSES = { parts: ['http://localhost:3001', 'http://localhost:3001'], api: ['http://localhost:3100'] };

describe('security headers', () => {
  it('allow scripts from the parts and the inline ones the caller names by hash, and nothing inline else', () => {
    const csp = contentSecurityPolicy(ADDRESSES, ["'sha256-abc='"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc=' http://localhost:3001;");
    expect(csp).toContain("connect-src 'self' http://localhost:3001 http://localhost:3100;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy(ADDRESSES)).not.toMatch(/script-src[^;]*('unsafe-inline'|sha256)/);
    expect(securityHeaders(ADDRESSES).every['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders(ADDRESSES, { tls: true }).every['Strict-Transport-Security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });

  it('tell a document from a file by its content type', () => {
    for (const type of ['text/html; charset=utf-8', 'image/svg+xml', 'APPLICATION/XHTML+XML', 'text/xml']) expect([type, isDocument(type)]).toEqual([type, true]);
    for (const type of ['application/javascript', 'text/css', 'application/json', 'image/png', undefined]) expect([type, isDocument(type)]).toEqual([type, false]);
  });

  it('go on every answer, a page’s policies on documents only, as they are at each answer', async () => {
    let current: SecurityHeaders = securityHeaders(ADDRESSES);
    const app = Fastify();
    await app.register(sendSecurityHeaders, { headers: () => current });
    app.get('/page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<h1>页</h1>'));
    app.get('/data', async () => ({ ok: true }));
    app.get('/broken', async () => {
      throw new Error('出错');
    });
    const page = await app.inject({ url: '/page' });
    expect(page.headers['content-security-policy']).toBe(current.documents['Content-Security-Policy']);
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const url of ['/data', '/broken', '/nothing-here']) {
      const answer = await app.inject({ url });
      expect([url, answer.headers['x-content-type-options'], answer.headers['referrer-policy']]).toEqual([url, 'nosniff', 'strict-origin-when-cross-origin']);
      expect([url, answer.headers['content-security-policy']]).toEqual([url, undefined]);
    }
    current = securityHeaders({ ...ADDRESSES, parts: ['https://cdn.example.cn'] });
    expect((await app.inject({ url: '/page' })).headers['content-security-policy']).toContain('https://cdn.example.cn');
    expect(pageHeaders(() => current)).toEqual({ ...current.every, ...current.documents });
    expect(pageHeaders(undefined)).toEqual({});
    await app.close();
  });
});
