import fs from 'node:fs';
import os from 'node:os';
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

/** The machine a report's figures were taken on: every report starts with it. */
export interface Machine {
  cpu: string;
  cores: number;
  node: string;
}

export function thisMachine(): Machine {
  return { cpu: os.cpus()[0]?.model.trim() ?? '未知', cores: os.availableParallelism(), node: process.version };
}
