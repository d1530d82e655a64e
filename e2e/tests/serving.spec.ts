import { expect, test } from '@playwright/test';
import { API_PORT, REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { answeredAs, ODD_REQUEST_LINES, rawRequest } from '@wenrun/server-plugins';
import { request } from '../support/https';
import { entryScriptOf } from '../support/site';

/** Every port of `npm start`: the five parts, the render server, the reference API. */
const PORTS = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port), RENDER_PORT, API_PORT];

test('npm start: every port answers each odd request line with a status of its own, and keeps serving', async () => {
  test.setTimeout(120_000);
  for (const port of PORTS) {
    for (const line of ODD_REQUEST_LINES) {
      const status = await rawRequest(port, `${line}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(status, `${port} ${line.slice(0, 40)}`).toMatch(answeredAs(line));
    }
    expect((await request(`http://localhost:${port}/`)).status, String(port)).toBeLessThan(500);
  }
});

test('npm start: a chunk in brotli for a client that accepts it, plain for one that does not', async () => {
  const home = await request(`http://localhost:${SHELL_PART.port}/`, { headers: { 'Accept-Encoding': 'br' } });
  expect(home.headers['content-encoding']).toBe('br');
  const url = `http://localhost:${SHELL_PART.port}/${entryScriptOf(home.body)}`;
  const br = await request(url, { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/Accept-Encoding/);
  const plain = await request(url);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(br.body);
});
