import { DEFAULT_RUNTIME_CONFIG, fallbackRuntimeConfig, getRuntimeConfig, HTTPS_ONLY_MESSAGE, loadRuntimeConfig, NO_ENTRY_MESSAGE, parseRuntimeConfig } from './runtimeConfig';

describe('parseRuntimeConfig', () => {
  it('takes a complete, valid file as it is', () => {
    const raw = {
      ...DEFAULT_RUNTIME_CONFIG,
      apiBaseUrl: 'https://api.example.cn',
      remotes: { header: 'https://cdn.example.cn/header/mf-manifest.json' },
    };
    const { config, problems } = parseRuntimeConfig(raw);
    expect(problems).toEqual([]);
    expect(config.apiBaseUrl).toBe('https://api.example.cn');
    expect(config.remotes.header).toEqual(['https://cdn.example.cn/header/mf-manifest.json']);
    expect(config.remotes.about).toEqual(DEFAULT_RUNTIME_CONFIG.remotes.about);
  });

  it('falls back field by field, naming each bad field', () => {
    const { config, problems } = parseRuntimeConfig({
      apiBaseUrl: 'javascript:alert(1)',
      statsBaseUrl: 42,
      contact: { company: '某某教育', email: '' },
      remotes: { header: ['https://a.example.cn/mf-manifest.json', 'ftp://b'], nosuch: 'https://x.cn' },
    });
    expect(config.apiBaseUrl).toBe(DEFAULT_RUNTIME_CONFIG.apiBaseUrl);
    expect(config.statsBaseUrl).toBe(DEFAULT_RUNTIME_CONFIG.statsBaseUrl);
    expect(config.contact.company).toBe('某某教育');
    expect(config.contact.email).toBe(DEFAULT_RUNTIME_CONFIG.contact.email);
    expect(config.remotes.header).toEqual(DEFAULT_RUNTIME_CONFIG.remotes.header);
    expect(problems.map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining(['apiBaseUrl', 'statsBaseUrl', 'contact.email', 'remotes.header', 'remotes.nosuch']),
    );
  });

  /** A production config with nothing missing. */
  const EVERY_REMOTE_ON_HTTPS = {
    apiBaseUrl: 'https://api.example.cn',
    statsBaseUrl: 'https://api.example.cn/stats',
    remotes: Object.fromEntries(['header', 'about', 'auth', 'wuyou'].map((remote) => [remote, `https://${remote}.example.cn/mf-manifest.json`])),
  };

  describe('the production form over TLS (httpsOnly)', () => {
    const secure = 'https://a.example.cn/mf-manifest.json';
    const plain = 'http://cdn.example.cn/header/mf-manifest.json';
    const raw = {
      apiBaseUrl: 'http://api.example.cn',
      statsBaseUrl: 'http://api.example.cn/stats',
      remotes: {
        header: [secure, plain],
        about: plain,
        wuyou: { entries: [secure], canary: { entry: 'http://canary.example.cn/mf-manifest.json', percent: 10 } },
      },
    };

    it('reports and leaves out every http: entry', () => {
      const { config, problems } = parseRuntimeConfig({ ...raw, apiBaseUrl: 'https://api.example.cn', statsBaseUrl: 'https://api.example.cn/stats' }, { httpsOnly: true });
      expect(config.remotes.header).toEqual([secure]);
      expect(config.remotes.about).toEqual([]);
      expect(config.canaries).toEqual({});
      expect(problems).toEqual([
        `remotes.header: ${plain} ${HTTPS_ONLY_MESSAGE}，已去掉`,
        `remotes.about: ${plain} ${HTTPS_ONLY_MESSAGE}，已去掉`,
        `remotes.about: ${NO_ENTRY_MESSAGE}`,
        `remotes.auth: ${NO_ENTRY_MESSAGE}`,
        `remotes.wuyou.canary: ${HTTPS_ONLY_MESSAGE}，使用默认值`,
      ]);
      // Fields that load no code and make no call keep http: (a link opened in a new tab).
      expect(parseRuntimeConfig({ ...EVERY_REMOTE_ON_HTTPS, trainingSystemUrl: 'http://yx.example.cn/' }, { httpsOnly: true }).problems).toEqual([]);
    });

    it('takes the same file as it is in the demo, which runs on http://localhost', () => {
      const { config, problems } = parseRuntimeConfig(raw);
      expect(problems).toEqual([]);
      expect(config.remotes.header).toEqual([secure, plain]);
      expect(config.canaries.wuyou?.entry).toBe('http://canary.example.cn/mf-manifest.json');
      expect(parseRuntimeConfig(EVERY_REMOTE_ON_HTTPS, { httpsOnly: true }).problems).toEqual([]);
    });
  });

  /**
   * What a local user gets from a gap in the production form's config (issue 51): nothing listens on the demo's
   * loopback ports there, so whoever serves one would have the render servers evaluate its code and send their
   * service token to it. A gap is a remote with no entry (its slot's fallback) or a refused config, never localhost.
   */
  describe('the production form over TLS never falls back to the demo\'s loopback http: addresses (httpsOnly)', () => {
    const api = { apiBaseUrl: EVERY_REMOTE_ON_HTTPS.apiBaseUrl, statsBaseUrl: EVERY_REMOTE_ON_HTTPS.statsBaseUrl };

    it('leaves a remote missing from the config, or with a broken entry list, without entries, and says its slot shows the fallback', () => {
      const { config, problems } = parseRuntimeConfig({ ...api, remotes: { header: 'not a url', about: [], auth: 'http://cdn.example.cn/auth/mf-manifest.json' } }, { httpsOnly: true });
      // What loads code or takes calls (links to other sites are no code, and keep their defaults).
      expect(JSON.stringify([config.remotes, config.canaries, config.apiBaseUrl, config.statsBaseUrl])).not.toMatch(/localhost|127\.0\.0\.1|http:/);
      expect(config.remotes).toEqual({ header: [], about: [], auth: [], wuyou: [] });
      for (const remote of ['header', 'about', 'auth', 'wuyou']) {
        expect(problems).toContain(`remotes.${remote}: ${NO_ENTRY_MESSAGE}`);
      }
    });

    it('refuses a config whose API or statistics address is http: or missing, rather than use http://localhost:3100', () => {
      expect(() => parseRuntimeConfig({ ...api, apiBaseUrl: 'http://api.example.cn' }, { httpsOnly: true })).toThrow(`apiBaseUrl: ${HTTPS_ONLY_MESSAGE}`);
      expect(() => parseRuntimeConfig({ ...api, statsBaseUrl: 'http://localhost:3100/stats' }, { httpsOnly: true })).toThrow(`statsBaseUrl: ${HTTPS_ONLY_MESSAGE}`);
      expect(() => parseRuntimeConfig({ remotes: {} }, { httpsOnly: true })).toThrow(/apiBaseUrl: 缺少.*已拒绝这份配置/);
      expect(parseRuntimeConfig({ ...api, remotes: { header: 'https://a.example.cn/mf-manifest.json' } }, { httpsOnly: true }).config.apiBaseUrl).toBe(api.apiBaseUrl);
    });
  });

  it('keeps a list of remote entries in order: primary first, then fallbacks', () => {
    const entries = ['https://a.example.cn/mf-manifest.json', 'https://b.example.cn/mf-manifest.json'];
    expect(parseRuntimeConfig({ remotes: { wuyou: entries } }).config.remotes.wuyou).toEqual(entries);
  });

  it('reads a remote with a canary: its entries as before, the canary beside them', () => {
    const entries = ['https://a.example.cn/mf-manifest.json'];
    const canary = { entry: 'https://canary.example.cn/mf-manifest.json', percent: 10 };
    const { config, problems } = parseRuntimeConfig({ remotes: { wuyou: { entries, canary } } });
    expect(config.remotes.wuyou).toEqual(entries);
    expect(config.canaries).toEqual({ wuyou: canary });
    expect(problems).toEqual([]);
  });

  it.each([
    ['a percent over 100', { entry: 'https://c.example.cn/mf-manifest.json', percent: 150 }],
    ['a percent that is text', { entry: 'https://c.example.cn/mf-manifest.json', percent: '10' }],
    ['an entry that is not http', { entry: 'javascript:alert(1)', percent: 10 }],
  ])('drops a canary with %s and keeps the remote\'s entries', (_name, canary) => {
    const entries = ['https://a.example.cn/mf-manifest.json'];
    const { config, problems } = parseRuntimeConfig({ remotes: { wuyou: { entries, canary } } });
    expect(config.remotes.wuyou).toEqual(entries);
    expect(config.canaries).toEqual({});
    expect(problems).toEqual([expect.stringContaining('remotes.wuyou.canary')]);
  });

  it('uses the default entries of a remote object without entries, and says so', () => {
    const { config, problems } = parseRuntimeConfig({ remotes: { wuyou: { canary: { entry: 'https://c.example.cn/m.json', percent: 5 } } } });
    expect(config.remotes.wuyou).toEqual(DEFAULT_RUNTIME_CONFIG.remotes.wuyou);
    expect(problems).toEqual([expect.stringContaining('remotes.wuyou.entries')]);
  });

  it.each([
    [{ sampleRate: 0.1 }, 0.1, 0],
    [{ sampleRate: 0 }, 0, 0],
    [{ sampleRate: 2 }, 1, 1],
    ['all', 1, 1],
  ])('reads fieldData %p as sample rate %p (%p problems)', (fieldData, rate, problemCount) => {
    const { config, problems } = parseRuntimeConfig({ fieldData });
    expect(config.fieldData.sampleRate).toBe(rate);
    expect(problems).toHaveLength(problemCount);
  });

  it.each([null, [], 'text', 3])('uses the defaults for a file that is not an object (%p)', (raw) => {
    const { config, problems } = parseRuntimeConfig(raw);
    expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(problems).toHaveLength(1);
  });
});

describe('loadRuntimeConfig', () => {
  // jsdom has no Response: the few members loadRuntimeConfig reads.
  const respond = (body: string, status = 200) =>
    jest.fn(async () => ({
      ok: status < 400,
      status,
      json: async () => JSON.parse(body) as unknown,
    })) as unknown as typeof fetch;

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('sets the config the parts read', async () => {
    await loadRuntimeConfig('/runtime-config.json', respond(JSON.stringify({ apiBaseUrl: 'https://api.example.cn' })));
    expect(getRuntimeConfig().apiBaseUrl).toBe('https://api.example.cn');
  });

  it.each([
    ['a 404', respond('not here', 404)],
    ['broken JSON', respond('{"apiBaseUrl":')],
  ])('starts with the defaults and a console error on %s', async (_case, fetchImpl) => {
    const config = await loadRuntimeConfig('/runtime-config.json', fetchImpl);
    expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('[runtime-config]'));
  });
});

describe('fallbackRuntimeConfig: when runtime-config.json cannot be read', () => {
  const site = { protocol: 'https:', hostname: 'www.wenrun.cn' };
  const carried = { ...DEFAULT_RUNTIME_CONFIG, apiBaseUrl: 'https://api.wenrun.cn' };

  it('uses the config the page was rendered with', () => {
    expect(fallbackRuntimeConfig(site, carried).apiBaseUrl).toBe('https://api.wenrun.cn');
  });

  it("on the visitor's host, never localhost: the defaults moved onto the page's host, each part on its port", () => {
    const config = fallbackRuntimeConfig(site);
    expect(JSON.stringify(config)).not.toContain('localhost');
    expect(config.apiBaseUrl).toBe('https://www.wenrun.cn:3100');
    expect(config.remotes.header).toEqual(['https://www.wenrun.cn:3001/mf-manifest.json']);
  });

  it('a carried config that does not check out is not used', () => {
    expect(fallbackRuntimeConfig(site, { apiBaseUrl: 'javascript:alert(1)' }).apiBaseUrl).toBe('https://www.wenrun.cn:3100');
  });

  it('on a developer machine, the defaults as they are', () => {
    expect(fallbackRuntimeConfig({ protocol: 'http:', hostname: 'localhost' })).toBe(DEFAULT_RUNTIME_CONFIG);
  });

  it('is what loadRuntimeConfig starts with when the file is missing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fallback = fallbackRuntimeConfig(site, carried);
    const missing = jest.fn(async () => ({ ok: false, status: 404 })) as unknown as typeof fetch;
    await expect(loadRuntimeConfig('/runtime-config.json', missing, fallback)).resolves.toBe(fallback);
    expect(getRuntimeConfig()).toBe(fallback);
  });

  it('given as a function, is made only when the file is missing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const makeFallback = jest.fn(() => fallbackRuntimeConfig(site, carried));
    const found = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({}) })) as unknown as typeof fetch;
    await loadRuntimeConfig('/runtime-config.json', found, makeFallback);
    expect(makeFallback).not.toHaveBeenCalled();
    const missing = jest.fn(async () => ({ ok: false, status: 404 })) as unknown as typeof fetch;
    const used = await loadRuntimeConfig('/runtime-config.json', missing, makeFallback);
    expect(makeFallback).toHaveBeenCalledTimes(1);
    expect(used).toEqual(fallbackRuntimeConfig(site, carried));
  });
});
