// Loaded into each Jest worker process (jest.config.mjs adds it to the workers' execArgv), outside any test's
// environment.
// When a worker does not exit by itself once its files are done, Jest ends it with SIGTERM and says only "A worker
// process has failed to exit gracefully". This says, before the worker goes, what still held it: its sockets (and to
// where), servers, child processes, and the kinds of everything else alive (timers among them), so the leak is named
// rather than guessed at. A worker that exits by itself prints nothing.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by Node's --require before any transform: CommonJS
const net = require('node:net');

function describeHandle(handle) {
  if (handle === process.stdout || handle === process.stderr || handle === process.stdin) return '';
  if (handle instanceof net.Socket) {
    const ends = `${handle.localAddress ?? '?'}:${handle.localPort ?? '?'} → ${handle.remoteAddress ?? '?'}:${handle.remotePort ?? '?'}`;
    return `socket ${ends}${handle.connecting ? '（正在连接）' : ''}`;
  }
  if (handle instanceof net.Server) return `server ${JSON.stringify(handle.address())}`;
  if (handle && Array.isArray(handle.spawnargs)) return `child process ${handle.pid}: ${handle.spawnargs.join(' ')}`;
  return handle?.constructor?.name ?? String(handle);
}

function reportHeldWorker() {
  // `_getActiveHandles` is Node's own (undocumented) list of what keeps the event loop alive.
  const handles = (process._getActiveHandles?.() ?? []).map(describeHandle).filter(Boolean);
  const kinds = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap' && kind !== 'PipeWrap');
  process.stderr.write(`[jest] worker ${process.pid} 没有自行退出，被 Jest 结束；仍然存在：${[...handles, `类型 ${kinds.join(', ')}`].join('；')}\n`);
  process.exit(1);
}

// A worker only: a process a test forks inherits the worker's execArgv, and this file with it.
if (/jest-worker[\\/]build[\\/]processChild\.js$/.test(process.argv[1] ?? '')) process.on('SIGTERM', reportHeldWorker);
