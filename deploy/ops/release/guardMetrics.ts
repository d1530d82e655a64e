import Fastify, { type FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { metrics } from '@wenrun/server-plugins';
import type { CanaryJudged } from './guard';

/**
 * The guard's own metrics in Prometheus's text format, on a loopback port of its own (`--metrics-port`): how its
 * checks went, each verdict by remote, the aborts, and when it last looked. A guard that stopped judging (no token,
 * no field data) shows as checks that fail or a last check that grows old, not as silence.
 */
export async function serveGuardMetrics(port: number, host = '127.0.0.1'): Promise<{ app: FastifyInstance; checked: (judged: CanaryJudged[] | undefined) => void }> {
  const app = Fastify();
  await app.register(metrics, { server: 'guard' });
  const checks = new Counter({
    name: 'guard_checks_total',
    help: '守卫的检查次数，按结果（ok 完成、failed 失败）',
    labelNames: ['result'],
    registers: [app.metrics],
  });
  const verdicts = new Counter({
    name: 'guard_verdicts_total',
    help: '守卫对每个灰度的判断，按 remote 和结论（abort 应中止、no-harm-seen 未见变差、not-enough-data 数据不足、refused 拒绝判断）',
    labelNames: ['remote', 'verdict'],
    registers: [app.metrics],
  });
  const aborts = new Counter({
    name: 'guard_aborts_total',
    help: '守卫中止的灰度，按 remote',
    labelNames: ['remote'],
    registers: [app.metrics],
  });
  const lastCheck = new Gauge({
    name: 'guard_last_check_timestamp_seconds',
    help: '守卫上次完成检查的时间（Unix 秒）',
    registers: [app.metrics],
  });
  await app.listen({ port, host });
  return {
    app,
    checked(judged) {
      checks.inc({ result: judged ? 'ok' : 'failed' });
      if (!judged) return;
      lastCheck.setToCurrentTime();
      for (const each of judged) {
        verdicts.inc({ remote: each.remote, verdict: each.verdict.kind });
        if (each.aborted) aborts.inc({ remote: each.remote });
      }
    },
  };
}
