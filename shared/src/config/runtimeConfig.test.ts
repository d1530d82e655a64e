import { DEFAULT_RUNTIME_CONFIG, loadRuntimeConfig, parseRuntimeConfig, getRuntimeConfig } from './runtimeConfig';

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

  it('keeps a list of remote entries in order: primary first, then fallbacks', () => {
    const entries = ['https://a.example.cn/mf-manifest.json', 'https://b.example.cn/mf-manifest.json'];
    expect(parseRuntimeConfig({ remotes: { wuyou: entries } }).config.remotes.wuyou).toEqual(entries);
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
