/**
 * The activity relay as a process of its own, one per host (README of this folder):
 *
 *   DATABASE_URL=postgres://… npx tsx deploy/ops/coordination/activityRelayMain.ts --render-servers http://127.0.0.1:8005,http://127.0.0.1:8006
 */
import { parseArgs } from 'node:util';
import { sharedDatabaseUrl } from './sharedConfig';
import { relayActivityChanges } from './activityChanges';

const { values: args } = parseArgs({ options: { 'render-servers': { type: 'string' } } });
const databaseUrl = sharedDatabaseUrl();
const renderServers = (args['render-servers'] ?? '').split(',').map((server) => server.trim()).filter(Boolean);
if (!databaseUrl || !renderServers.length) {
  console.error('[activities] 用法：DATABASE_URL=postgres://… npx tsx deploy/ops/coordination/activityRelayMain.ts --render-servers http://127.0.0.1:8005,…');
  process.exit(2);
}

const relay = relayActivityChanges({ databaseUrl, renderServers });
void relay.ready.then(() => console.log(`[activities] 活动变更时通知本机的渲染服务器：${renderServers.join('、')}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void relay.stop().finally(() => process.exit(0)));
}
