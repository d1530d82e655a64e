/**
 * What the load bench's references (loadFloors.ts `REFERENCES`) measure, as autocannon runs: a file of a cached page's
 * size through the same server, a render server's and the API's answer without work.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_PORT, SHELL_PART } from '@wenrun/shared/node';
import { REFERENCES } from './loadFloors';
import { ACCEPT, type Origins } from './loadRows';
import type { Options } from './loadRun';
import { ROOT } from './loadSites';

/**
 * A copy of the shell's `/` as the build wrote it (and its compressed copies), served as a plain file: what the
 * pages nginx and `npm start` keep are judged against (loadFloors.ts).
 */
const SAME_SIZE_FILE = 'bench-same-size.html';

/** The shell's `/` as written at build, copied beside it under SAME_SIZE_FILE with its compressed copies; returns its removal. */
export function writeSameSizeFile(): () => void {
  const dist = path.join(ROOT, SHELL_PART.folder, 'dist');
  const copies = ['', '.br', '.gz'].filter((suffix) => fs.existsSync(path.join(dist, `index.html${suffix}`)));
  for (const suffix of copies) fs.copyFileSync(path.join(dist, `index.html${suffix}`), path.join(dist, `${SAME_SIZE_FILE}${suffix}`));
  return () => copies.forEach((suffix) => fs.rmSync(path.join(dist, `${SAME_SIZE_FILE}${suffix}`), { force: true }));
}

/** Each reference's run on these sites. */
export function referenceRuns({ viaNginx, npmStart, nginx }: Origins): Record<string, Options> {
  return {
    [REFERENCES.nginxFile]: { url: `${viaNginx}/${SAME_SIZE_FILE}`, connections: 200, headers: ACCEPT },
    [REFERENCES.npmStartFile]: { url: `${npmStart}/${SAME_SIZE_FILE}`, connections: 200, headers: ACCEPT },
    // The render server that is not killed in the middle of a row.
    [REFERENCES.renderAnswer]: { url: `http://127.0.0.1:${nginx.renderPorts[1] ?? 0}/healthz`, connections: 100 },
    [REFERENCES.apiAnswer]: { url: `http://localhost:${API_PORT}/healthz`, connections: 100 },
  };
}
