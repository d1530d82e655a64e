import fs from 'node:fs';
import { answeredAs, ODD_REQUEST_LINES } from '@wenrun/server-plugins';
import { expect, test } from '../support/fixtures';
import { rawTlsAnswer, request } from '../support/https';
import { getter } from '../support/nginx-answers';

test.describe('nginx: odd requests', () => {
  test('plain HTTP answers with a redirect to HTTPS on the same host, nothing else', async ({ nginxSite }) => {
    const answer = await request(`http://localhost:${nginxSite.httpPort}/about/3?x=1`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`${nginxSite.shell}/about/3?x=1`);
  });

  test('every port answers each odd request line with a status of its own, and keeps serving', async ({ nginxSite }) => {
    // What /etc/passwd holds on any Linux machine: its first line, root's.
    const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? 'root:x:0:0:';
    for (const port of nginxSite.tlsPorts) {
      for (const line of ODD_REQUEST_LINES) {
        const answer = await rawTlsAnswer(port, `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`, nginxSite.ca);
        const status = answer.split('\r\n')[0] ?? '';
        // A request line naming another host (absolute form) is for that host, which this site does not serve.
        const expected = /^GET https?:\/\/evil\.example\//.test(line) ? /^HTTP\/1\.1 421 / : answeredAs(line);
        expect(status, `${port} ${line.slice(0, 40)}`).toMatch(expected);
        // A 200 is the site's own page (the shell's port) and never a file from outside the served folders.
        expect(answer, `${port} ${line.slice(0, 40)}`).not.toContain(passwd);
        if (status.startsWith('HTTP/1.1 200 ')) expect([port, line, answer.includes('<div id="root">')]).toEqual([port, line, true]);
      }
      expect((await getter(nginxSite)(`https://localhost:${port}/`)).status).toBeLessThan(500);
    }
  });

  test('a link longer than nginx reads gets the client page under 414, with the site\'s headers, not nginx\'s English page', async ({ nginxSite }) => {
    const answer = await request(`${nginxSite.shell}/search/${'%E8%AF%BE'.repeat(2000)}`, { ca: nginxSite.ca });
    expect(answer.status).toBe(414);
    expect(answer.body).toContain('<div id="root">');
    expect(answer.body).not.toContain('nginx');
    expect(answer.headers['content-security-policy']).toBeTruthy();
    expect((await getter(nginxSite)(`${nginxSite.shell}/`)).status).toBe(200);
  });
});
