import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_RUNTIME_CONFIG,
  PAGES_CONFIG_FILE,
  RUNTIME_CONFIG_FILE,
  type RuntimeConfig,
} from '@wenrun/shared/node';
import { readPagesConfig, recordPagesConfig } from '../assemble/pages/pagesConfig';
import { pagesFitConfig, writtenPagesFollowing } from './writtenPages';

const edited = (change: (config: RuntimeConfig) => void): RuntimeConfig => {
  const config = structuredClone(DEFAULT_RUNTIME_CONFIG);
  change(config);
  return config;
};

describe('whether written pages fit the served config', () => {
  it('fits only the config they were written with, whatever field an edit touches', () => {
    expect(pagesFitConfig(DEFAULT_RUNTIME_CONFIG, structuredClone(DEFAULT_RUNTIME_CONFIG))).toBe(true);
    const edits: ((config: RuntimeConfig) => void)[] = [
      (config) => (config.apiBaseUrl = 'https://api.wenrun.example.cn'),
      (config) => (config.contact.hotline = '400-123-4567'),
      (config) => (config.officialAccounts = config.officialAccounts.slice(0, 1)),
      (config) => config.remotes.header.push('https://static.wenrun.example.cn/header/1.0.0/mf-manifest.json'),
      (config) => (config.canaries = { wuyou: { entry: 'https://static.wenrun.example.cn/wuyou/2.0.0/mf-manifest.json', percent: 5 } }),
      (config) => (config.fieldData.sampleRate = 0.1),
    ];
    for (const edit of edits) expect(pagesFitConfig(DEFAULT_RUNTIME_CONFIG, edited(edit))).toBe(false);
  });

  it('does not fit when nothing says what the pages were written with', () => {
    expect(pagesFitConfig(undefined, DEFAULT_RUNTIME_CONFIG)).toBe(false);
    expect(readPagesConfig(fs.mkdtempSync(path.join(os.tmpdir(), 'no-record-')))).toBeUndefined();
  });

  it('follows edits of the served config and a new record, in place or by rename', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'written-pages-'));
    const configFile = path.join(dir, RUNTIME_CONFIG_FILE);
    fs.writeFileSync(configFile, JSON.stringify(DEFAULT_RUNTIME_CONFIG));
    const fit = writtenPagesFollowing(dir, configFile);
    expect(fit()).toBe(false);

    recordPagesConfig(dir, DEFAULT_RUNTIME_CONFIG);
    expect(JSON.parse(fs.readFileSync(path.join(dir, PAGES_CONFIG_FILE), 'utf8'))).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(fit()).toBe(true);

    const hotline = edited((config) => (config.contact.hotline = '400-123-4567（新）'));
    fs.writeFileSync(configFile, JSON.stringify(hotline));
    expect(fit()).toBe(false);

    recordPagesConfig(dir, hotline);
    expect(fit()).toBe(true);
  });
});
