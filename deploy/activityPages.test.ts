import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeUnlistedActivityPages } from './activityPages';

let shellDir = '';

function put(file: string, content = ''): void {
  fs.mkdirSync(path.dirname(path.join(shellDir, file)), { recursive: true });
  fs.writeFileSync(path.join(shellDir, file), content);
}

const exists = (file: string) => fs.existsSync(path.join(shellDir, file));

beforeEach(() => {
  shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-activity-pages-'));
});

afterEach(() => fs.rmSync(shellDir, { recursive: true, force: true }));

describe('removeUnlistedActivityPages', () => {
  it('removes the pages of activities no longer listed, and their folders once empty', () => {
    for (const id of [1, 2, 7]) put(`wuyou/${id}/index.html`);
    expect(removeUnlistedActivityPages(shellDir, [1, 2])).toEqual(['/wuyou/7']);
    expect(exists('wuyou/1/index.html')).toBe(true);
    expect(exists('wuyou/2/index.html')).toBe(true);
    expect(exists('wuyou/7')).toBe(false);
  });

  it('leaves alone what is not a prerendered activity page', () => {
    put('wuyou/7/index.html');
    put('wuyou/7/poster.jpg');
    put('wuyou/notes/index.html');
    put('wuyou/07/index.html');
    put('about/3/index.html');
    expect(removeUnlistedActivityPages(shellDir, [])).toEqual(['/wuyou/7']);
    for (const file of ['wuyou/7/poster.jpg', 'wuyou/notes/index.html', 'wuyou/07/index.html', 'about/3/index.html']) {
      expect(exists(file)).toBe(true);
    }
  });

  it('has nothing to do in a shell folder without activity pages', () => {
    expect(removeUnlistedActivityPages(shellDir, [1])).toEqual([]);
  });
});
