import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

export { kb } from '@wenrun/deploy/assemble/budgets/checks';

export function writeResult(file: string, data: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const full = path.join(RESULTS_DIR, file);
  fs.writeFileSync(full, `${JSON.stringify(data, null, 2)}\n`);
  return full;
}

/** A Markdown table, so the same text goes to the terminal and into BENCHMARKS.md. */
export function formatTable(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
