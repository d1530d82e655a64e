/**
 * What the load bench's references (loadFloors.ts `REFERENCES`) measure, as autocannon runs: a copy of what a row
 * serves (a cached page's size, the main chunk, remoteEntry.js) through the same server, a render server's and the
 * API's answer without work.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_PORT, REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { REFERENCES } from './loadFloors';
import { ACCEPT, type Origins } from './loadRows';
import type { Options } from './loadRun';
import { ROOT } from './loadSites';

const MAIN_CHUNK = /^main\.[0-9a-f]{8}\.js$/;
const SAME_SIZE_PAGE = 'bench-same-size.html';
const SAME_SIZE_MAIN = 'bench-same-size-main.js';
const SAME_SIZE_REMOTE_ENTRY = 'bench-same-size-remoteEntry.js';

/**
 * Plain files the size of what the rows ask for, copies in the same build, served by the same server (with their
 * compressed copies): the shell's `/` as the build wrote it, what the pages nginx and `npm start` keep are judged
 * against; the shell's main chunk and the header's remoteEntry.js (on the header's own server), each for its own rows.
 * Judged against the page, a file of another size moved with the machine, not the change: `main.js` 0.61 of the page
 * through nginx on one machine and 0.40 on another, `remoteEntry.js` 1.77 and 1.09-1.21.
 */
function sameSizeFiles(): { dist: string; file: string; copy: string }[] {
  const shell = path.join(ROOT, SHELL_PART.folder, 'dist');
  const mains = fs.readdirSync(shell).filter((file) => MAIN_CHUNK.test(file));
  if (mains.length !== 1) throw new Error(`${shell} 中应有一个 main.*.js，却有 ${mains.length} 个`);
  return [
    { dist: shell, file: 'index.html', copy: SAME_SIZE_PAGE },
    { dist: shell, file: mains[0] ?? '', copy: SAME_SIZE_MAIN },
    { dist: path.join(ROOT, REMOTE_PARTS.header.folder, 'dist'), file: 'remoteEntry.js', copy: SAME_SIZE_REMOTE_ENTRY },
  ];
}

/** Writes the same-size copies (served by `npm start` and copied by the production form as the build is); returns their removal. */
export function writeSameSizeFiles(): () => void {
  const written = sameSizeFiles().flatMap(({ dist, file, copy }) =>
    ['', '.br', '.gz']
      .filter((suffix) => fs.existsSync(path.join(dist, `${file}${suffix}`)))
      .map((suffix) => {
        fs.copyFileSync(path.join(dist, `${file}${suffix}`), path.join(dist, `${copy}${suffix}`));
        return path.join(dist, `${copy}${suffix}`);
      }),
  );
  return () => written.forEach((file) => fs.rmSync(file, { force: true }));
}

/** Each reference's run on these sites. */
export function referenceRuns({ viaNginx, npmStart, nginx }: Origins): Record<string, Options> {
  return {
    [REFERENCES.nginxFile]: { url: `${viaNginx}/${SAME_SIZE_PAGE}`, connections: 200, headers: ACCEPT },
    [REFERENCES.npmStartFile]: { url: `${npmStart}/${SAME_SIZE_PAGE}`, connections: 200, headers: ACCEPT },
    [REFERENCES.nginxMainFile]: { url: `${viaNginx}/${SAME_SIZE_MAIN}`, connections: 200, headers: ACCEPT },
    [REFERENCES.npmStartMainFile]: { url: `${npmStart}/${SAME_SIZE_MAIN}`, connections: 200, headers: ACCEPT },
    [REFERENCES.nginxRemoteEntryFile]: { url: `${nginx.remotes.header}/${SAME_SIZE_REMOTE_ENTRY}`, connections: 200, headers: ACCEPT },
    [REFERENCES.npmStartRemoteEntryFile]: { url: `http://localhost:${REMOTE_PARTS.header.port}/${SAME_SIZE_REMOTE_ENTRY}`, connections: 200, headers: ACCEPT },
    // The render server that is not killed in the middle of a row.
    [REFERENCES.renderAnswer]: { url: `http://127.0.0.1:${nginx.renderPorts[1] ?? 0}/healthz`, connections: 100 },
    [REFERENCES.apiAnswer]: { url: `http://localhost:${API_PORT}/healthz`, connections: 100 },
  };
}
