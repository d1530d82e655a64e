/**
 * `npm run bench`'s figures as the federated site ÷ the one bundle measured in the same run: what holds from one
 * machine to the next, where milliseconds and scores follow the machine (issue 55: the one bundle itself scored
 * 89–95 with TBT 195–313 ms on a slower machine of this kind, 100 and 12–19 ms on a faster one).
 */
import type { InteractionResult } from './interactions';
import type { LighthouseFigures, RouteLighthouse } from './lighthouse';
import { formatTable } from './report';

export function ratio(federated: number, baseline: number): string {
  return baseline > 0 && Number.isFinite(federated) ? `${(federated / baseline).toFixed(2)}×` : '—';
}

const FIGURES: { key: keyof LighthouseFigures; label: string; unit: (value: number) => string }[] = [
  { key: 'performance', label: '性能分', unit: (value) => String(Math.round(value * 100)) },
  { key: 'tbt', label: 'TBT', unit: (value) => `${Math.round(value)} ms` },
  { key: 'lcp', label: 'LCP', unit: (value) => `${(value / 1000).toFixed(2)} s` },
];

/** Per route: each Lighthouse median of the federated variant ÷ the one bundle's, with both figures beside it. */
export function lighthouseRatioTable(federated: RouteLighthouse[], baseline: RouteLighthouse[]): string {
  const rows = federated.map(({ route, median }) => {
    const base = baseline.find((entry) => entry.route === route)?.median;
    return [
      route,
      ...FIGURES.map(({ key, unit }) => (base ? `${ratio(median[key], base[key])}（${unit(median[key])} / ${unit(base[key])}）` : '—')),
    ];
  });
  return formatTable(['路由', ...FIGURES.map(({ label }) => `${label}：联邦 ÷ 单包`)], rows);
}

/** Per tap: the federated p75 ÷ the one bundle's. */
export function interactionRatioTable(federated: InteractionResult[], baseline: InteractionResult[]): string {
  const rows = federated.map(({ name, route, p75 }) => {
    const base = baseline.find((entry) => entry.name === name)?.p75;
    return [name, route, base === undefined ? '—' : `${ratio(p75, base)}（${Math.round(p75)} ms / ${Math.round(base)} ms）`];
  });
  return formatTable(['交互', '页面', 'p75：联邦 ÷ 单包'], rows);
}
