import { readVersion, remoteBuilds, UNKNOWN_VERSION } from './remoteBuilds';

const ENTRY = 'https://cdn.example.cn/header/v2/remoteEntry.js';

/** What `readVersion` uses of a response (jsdom has no fetch of its own). */
function answering(status: number, body: string) {
  return jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: status < 400, json: async (): Promise<unknown> => JSON.parse(body) }));
}

describe('readVersion', () => {
  it('reads the version.json beside the container, revalidated', async () => {
    const fetcher = answering(200, JSON.stringify({ name: '@wenrun/remote-header', version: '1.4.0', gitHash: 'abc' }));
    await expect(readVersion(ENTRY, fetcher as unknown as typeof fetch)).resolves.toBe('1.4.0');
    expect(fetcher).toHaveBeenCalledWith('https://cdn.example.cn/header/v2/version.json', { cache: 'no-cache' });
  });

  it.each([
    ['a 404', answering(404, '404 未找到')],
    ['no JSON', answering(200, '<html>')],
    ['no version', answering(200, '{"name":"x"}')],
    ['a version that is no version', answering(200, JSON.stringify({ version: 'x'.repeat(65) }))],
    ['a network error', jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('says the version is unknown for %s', async (_case, fetcher) => {
    await expect(readVersion(ENTRY, fetcher as unknown as typeof fetch)).resolves.toBe(UNKNOWN_VERSION);
  });
});

it('reads each entry once, however many modules came from it, and keeps the build of each remote', async () => {
  const read = jest.fn(async (entry: string) => (entry === ENTRY ? '1.4.0' : '2.0.0'));
  const builds = remoteBuilds(read);
  await Promise.all([builds.loaded('header', ENTRY), builds.loaded('header', ENTRY)]);
  await builds.loaded('about', 'https://cdn.example.cn/about/remoteEntry.js');
  expect(read).toHaveBeenCalledTimes(2);
  expect(builds.current()).toEqual({
    header: { entry: ENTRY, version: '1.4.0' },
    about: { entry: 'https://cdn.example.cn/about/remoteEntry.js', version: '2.0.0' },
  });
});
