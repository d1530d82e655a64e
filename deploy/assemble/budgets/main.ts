/**
 * `npm run budgets`: checks the real build, prints what each measured page loads and exits 1 when a budget is
 * broken.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RUNTIME_CONFIG_FILE } from '@wenrun/shared/node';
import { checkBudgets, kb, ownHostsOf } from './checks';
import { ROUTE_BUDGETS } from './data';
import { siteBuildAt, type RouteReport } from './pageFiles';

function printReport(report: RouteReport, budgetKb: number | undefined): void {
  const budget = budgetKb === undefined ? '' : `，预算 ${budgetKb} KB`;
  console.log(`\n${report.path}：JS + CSS 传输 ${kb(report.codeSent)}（原始 ${kb(report.codeRaw)}）${budget}，${report.files.length} 个文件`);
  for (const file of [...report.files].sort((a, b) => b.sent - a.sent)) {
    console.log(`  ${kb(file.sent).padStart(9)}  ${kb(file.raw).padStart(9)}  ${file.part.folder}/${file.file}`);
  }
}

const site = siteBuildAt(path.resolve(import.meta.dirname, '../../..'));
const config: unknown = JSON.parse(fs.readFileSync(path.join(site.shell.dir, RUNTIME_CONFIG_FILE), 'utf8'));
const { reports, problems } = checkBudgets(site, ownHostsOf(config, process.env.SITE_URL ?? 'http://localhost:3000'));
console.log('性能预算（构建产物静态检查，按 brotli 压缩后的传输字节）');
for (const report of reports) printReport(report, Object.values(ROUTE_BUDGETS).find((budget) => budget.path === report.path)?.budgetKb);
if (problems.length) {
  console.error(`\n超出预算（${problems.length} 处）：`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('\n全部预算通过。');
