/**
 * The Nu HTML checker (vnu-jar, pinned in package.json; Java from Debian, see testSetup.ts), as the tests run it:
 * offline, over files, errors only.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

export interface NuError {
  /** The file checked, as it was named. */
  file: string;
  /** Where in it, and what the checker says. */
  at: string;
  message: string;
  extract?: string;
}

interface NuReport {
  messages: { type: string; url?: string; lastLine?: number; lastColumn?: number; message: string; extract?: string }[];
}

/** Every error the checker finds in `files` (HTML documents, or stylesheets with `css`). */
export function nuErrors(files: string[], kind: 'html' | 'css'): NuError[] {
  if (!files.length) return [];
  const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...(kind === 'css' ? ['--css'] : []), ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // The report goes to stderr; the exit status only says whether it has errors.
  const report = JSON.parse(run.stderr) as NuReport;
  return report.messages.map((message) => ({
    file: message.url ? fileURLToPath(message.url) : '',
    at: `${message.lastLine ?? '?'}:${message.lastColumn ?? '?'}`,
    message: message.message,
    ...(message.extract ? { extract: message.extract } : {}),
  }));
}
