import { expect, test } from '../support/fixtures';
import { getter, partOrigins } from '../support/nginx-answers';
import { SITE_ORIGIN } from '../support/ports';

// The nginx site's certificate is its own, self-signed: the browser and Playwright's request client take it.
test.use({ ignoreHTTPSErrors: true });

test('CORS: remotes answer only the parts’ origins; the shell answers nobody', async ({ nginxSite }) => {
  const get = getter(nginxSite);
  for (const origin of Object.values(nginxSite.remotes)) {
    for (const reader of partOrigins(nginxSite)) {
      const response = await get(`${origin}/mf-manifest.json`, { Origin: reader });
      expect(response.headers['access-control-allow-origin']).toBe(reader);
    }
    const foreign = await get(`${origin}/mf-manifest.json`, { Origin: 'http://evil.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // The dev servers' origins are not part of this deployment either.
    const devShell = await get(`${origin}/mf-manifest.json`, { Origin: SITE_ORIGIN });
    expect(devShell.headers['access-control-allow-origin']).toBeUndefined();
  }
  const shell = await get(`${nginxSite.shell}/runtime-config.json`, { Origin: nginxSite.remotes.header });
  expect(shell.headers['access-control-allow-origin']).toBeUndefined();
});

test('the API proxy forwards to the API and keeps its CORS for the shell', async ({ request: client, nginxSite }) => {
  const { api, shell } = nginxSite;
  const health = await client.get(`${api}/healthz`);
  expect(health.status()).toBe(200);
  expect(((await health.json()) as { status: string }).status).toBe('ok');
  const search = await client.post(`${api}/website/websiteSearch1.0`, { headers: { Origin: shell }, form: { keyword: '课程' } });
  expect(search.headers()['access-control-allow-origin']).toBe(shell);
  expect(((await search.json()) as { header: { code: string } }).header.code).toBe('200');
});
