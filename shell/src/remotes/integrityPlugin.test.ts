/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { NO_FILE_DIGEST, type ReleaseDigests } from '@wenrun/shared';
import { integrityPlugin, type RefusedFile } from './integrityPlugin';

const MANIFEST = 'https://static.example.cn/about/1.2.0/mf-manifest.json';
const FOLDER = 'https://static.example.cn/about/1.2.0/';
const CHUNK = `${FOLDER}__federation_expose_AboutPage.1a2b3c4d.js`;
const SERVER_ENTRY = `${FOLDER}server/remoteEntry.js`;
const RELEASED = 'module.exports = "关于我们";';

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The files as they are on the remote's origin now (a test changes one after the release). */
let onOrigin: Record<string, string>;
let fetched: string[];

beforeEach(() => {
  onOrigin = { [CHUNK]: RELEASED, [SERVER_ENTRY]: RELEASED };
  fetched = [];
  Object.assign(globalThis, {
    fetch: jest.fn(async (url: string) => {
      fetched.push(url);
      const body = onOrigin[url];
      return body === undefined ? new Response('404 未找到', { status: 404 }) : new Response(body, { status: 200 });
    }),
  });
});

function integrityWith(digests: ReleaseDigests, required = true) {
  const refused: RefusedFile[] = [];
  const plugin = integrityPlugin({
    digests,
    entries: () => ({ about: [MANIFEST] }),
    required,
    base: { createScript: () => ({ timeout: 2_000 }) },
    onRefused: (file) => refused.push(file),
  });
  const fetchHook = (url: string) => plugin.fetch?.(url, {}) as Promise<Response>;
  return { plugin, refused, fetchHook };
}

const released: ReleaseDigests = { [MANIFEST]: { '__federation_expose_AboutPage.1a2b3c4d.js': sri(RELEASED), 'server/remoteEntry.js': sri(RELEASED) } };

describe('integrityPlugin on the render server (fetch)', () => {
  it('hands over a released file unchanged', async () => {
    const { fetchHook, refused } = integrityWith(released);
    await expect((await fetchHook(CHUNK)).text()).resolves.toBe(RELEASED);
    expect(refused).toEqual([]);
  });

  it('refuses a chunk with one byte changed on the origin, and says which file of which remote', async () => {
    onOrigin[CHUNK] = RELEASED.replace('"关', '"开');
    const { fetchHook, refused } = integrityWith(released);
    await expect(fetchHook(CHUNK)).rejects.toThrow('about 的 __federation_expose_AboutPage.1a2b3c4d.js 与发布时记录的摘要不符');
    expect(refused).toEqual([{ remote: 'about', entry: MANIFEST, file: '__federation_expose_AboutPage.1a2b3c4d.js', reason: 'changed' }]);
  });

  it("refuses the server build's entry when it was changed, and a 404 page in place of a released file", async () => {
    const { fetchHook } = integrityWith(released);
    onOrigin[SERVER_ENTRY] = `${RELEASED}\nrequire("child_process").execSync("id");`;
    await expect(fetchHook(SERVER_ENTRY)).rejects.toThrow('server/remoteEntry.js 与发布时记录的摘要不符');
    onOrigin = { [CHUNK]: RELEASED };
    await expect(fetchHook(SERVER_ENTRY)).rejects.toThrow('摘要不符');
  });

  it('fails closed: with the digest removed from the config the file is not even fetched', async () => {
    const { fetchHook, refused } = integrityWith({ [MANIFEST]: {} });
    await expect(fetchHook(CHUNK)).rejects.toThrow('没有发布时记录的摘要');
    expect(fetched).toEqual([]);
    expect(refused.map((file) => file.reason)).toEqual(['unpinned']);
    // Nor does removing the whole release, or naming a file outside every entry's folder.
    await expect(integrityWith({}).fetchHook(CHUNK)).rejects.toThrow('没有发布时记录的摘要');
    await expect(integrityWith(released).fetchHook('https://evil.example.cn/x.js')).rejects.toThrow('没有发布时记录的摘要');
  });

  it('runs an unpinned file only where pins are not required (the demo on loopback), and still checks a pinned one', async () => {
    const { fetchHook } = integrityWith({}, false);
    await expect((await fetchHook(CHUNK)).text()).resolves.toBe(RELEASED);
    onOrigin[CHUNK] = `${RELEASED} `;
    await expect(integrityWith(released, false).fetchHook(CHUNK)).rejects.toThrow('摘要不符');
  });
});

describe('integrityPlugin in the browser (createScript, digestFor)', () => {
  const withDocument = (run: () => void) => {
    // The one call the plugin makes of the DOM; this suite runs on Node for its fetch and WebCrypto.
    const document = { createElement: () => ({ addEventListener: () => undefined }) };
    Object.assign(globalThis, { document });
    try {
      run();
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  };

  it("loads a container with its released digest and crossorigin, keeping the deadline's timeout", () => {
    const { plugin } = integrityWith(released);
    withDocument(() => {
      const answer = plugin.createScript?.({ url: CHUNK }) as { script: HTMLScriptElement; timeout: number };
      expect(answer.timeout).toBe(2_000);
      expect(answer.script).toMatchObject({ src: CHUNK, integrity: sri(RELEASED), crossOrigin: 'anonymous' });
    });
  });

  it("gives an unpinned file a digest no file has, so the browser refuses it, and says so", () => {
    const { plugin, refused } = integrityWith({ [MANIFEST]: {} });
    expect(plugin.digestFor(CHUNK)).toBe(NO_FILE_DIGEST);
    expect(refused).toEqual([{ remote: 'about', entry: MANIFEST, file: '__federation_expose_AboutPage.1a2b3c4d.js', reason: 'unpinned' }]);
    expect(integrityWith({}, false).plugin.digestFor(CHUNK)).toBeUndefined();
  });

  it('finds a container listed by its address (not its manifest) under the same release', () => {
    const refused: RefusedFile[] = [];
    const plugin = integrityPlugin({
      digests: released,
      entries: () => ({ about: [`${FOLDER}remoteEntry.js`] }),
      required: true,
      base: {},
      onRefused: (file) => refused.push(file),
    });
    expect(plugin.digestFor(CHUNK)).toBe(sri(RELEASED));
  });

  it('tells a changed chunk from an unreachable one when the browser could not load it', async () => {
    const { plugin, refused } = integrityWith(released);
    await plugin.failed(CHUNK);
    onOrigin[CHUNK] = `${RELEASED};alert(1)`;
    await plugin.failed(CHUNK);
    expect(refused.map((file) => file.reason)).toEqual(['changed']);
  });
});
