import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeUnlistedActivityPages } from './activityPages';

function write(file: string, text = 'x'): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The shell's served folder as a build leaves it: activity pages, their pictures and compressed copies. */
function shellFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-activity-pages-'));
  for (const id of ['1', '2']) {
    write(path.join(dir, 'wuyou', id, 'index.html'), '<!doctype html>');
    write(path.join(dir, 'wuyou', id, 'index.html.br'));
    write(path.join(dir, 'wuyou', id, 'cover.png'));
  }
  // Not the build's: ops' own files under the same folder.
  write(path.join(dir, 'wuyou', 'notes', 'index.html'));
  write(path.join(dir, 'wuyou', '3', 'README.txt'));
  return dir;
}

describe('removeUnlistedActivityPages: the pages of activities taken offline', () => {
  it('removes the page, its compressed copies, its picture and its empty folder; keeps the listed ones', () => {
    const dir = shellFolder();
    try {
      expect(removeUnlistedActivityPages(dir, new Set(['1']))).toEqual(['/wuyou/2']);
      expect(fs.existsSync(path.join(dir, 'wuyou', '2'))).toBe(false);
      for (const file of ['index.html', 'index.html.br', 'cover.png']) expect(fs.existsSync(path.join(dir, 'wuyou', '1', file))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves alone what the build did not write: a folder that is no activity id, one without an activity page', () => {
    const dir = shellFolder();
    try {
      removeUnlistedActivityPages(dir, new Set());
      expect(fs.existsSync(path.join(dir, 'wuyou', 'notes', 'index.html'))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'wuyou', '3', 'README.txt'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has nothing to do in a folder without activity pages', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-activity-pages-'));
    try {
      expect(removeUnlistedActivityPages(dir, new Set())).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
