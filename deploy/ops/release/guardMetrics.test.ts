import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { serveGuardMetrics } from './guardMetrics';
import type { CanaryJudged } from './guard';
import { DEFAULT_THRESHOLDS } from './thresholds';

const judged = (remote: 'wuyou' | 'about', verdict: CanaryJudged['verdict'], aborted = false): CanaryJudged => ({
  remote,
  entry: `https://cdn.example.cn/${remote}/mf-manifest.json`,
  since: 0,
  verdict,
  aborted,
  thresholds: DEFAULT_THRESHOLDS,
});

describe('the guard\'s metrics', () => {
  it('count checks, verdicts by remote and aborts in Prometheus\'s format, and when it last looked', async () => {
    const { app, checked } = await serveGuardMetrics(0);
    try {
      checked([judged('wuyou', { kind: 'not-enough-data', reason: '灰度只有 3 次访问' })]);
      checked(undefined);
      checked([judged('wuyou', { kind: 'abort', reasons: ['错误率高于稳定版'] }, true), judged('about', { kind: 'refused', reason: '超出威胁模型' })]);
      const { port } = app.server.address() as AddressInfo;
      const families = parsePrometheusTextFormat(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
      const counts = (name: string, ...labels: string[]) =>
        Object.fromEntries((families.find((family) => family.name === name)?.metrics ?? []).map((sample) => [labels.map((label) => sample.labels?.[label]).join(' '), Number(sample.value)]));
      expect(counts('guard_checks_total', 'result')).toEqual({ ok: 2, failed: 1 });
      expect(counts('guard_verdicts_total', 'remote', 'verdict')).toEqual({ 'wuyou not-enough-data': 1, 'wuyou abort': 1, 'about refused': 1 });
      expect(counts('guard_aborts_total', 'remote')).toEqual({ wuyou: 1 });
      const lastCheck = counts('guard_last_check_timestamp_seconds')[''] ?? 0;
      expect(Math.abs(lastCheck - Date.now() / 1000)).toBeLessThan(60);
    } finally {
      await app.close();
    }
  });
});
