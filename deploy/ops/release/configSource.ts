/**
 * Where a release step reads and writes the runtime config and its history: on one machine, the served file and the
 * history beside it (`fileSource`); on several hosts, PostgreSQL (`../coordination/sharedConfig.ts`).
 */
import fs from 'node:fs';
import { writeFileAtomically } from '../../atomicFile';
import { appendHistory, historyFileBeside, readHistory, type HistoryLine } from './history';
import { ReleaseRefusal } from './remoteSetting';

/**
 * Where the runtime config and its history are kept: the served file and the history beside it (one machine), or
 * PostgreSQL (several hosts, `../coordination/`). A step reads, checks for a while (the entries answer over the network),
 * then writes only if nobody wrote meanwhile: `version` is what was read, and what the write compares against.
 */
export interface ConfigSource {
  read(): Promise<{ text: string; version: string }>;
  history(): Promise<HistoryLine[]>;
  /**
   * Writes `text` and records `line` (a step's; a deploy's pins have none); a ReleaseRefusal when the config is no
   * longer at `version`.
   */
  write(text: string, line: HistoryLine | undefined, version: string): Promise<void>;
}

/** The file on this machine: its content is its version (a hand edit changes no counter). */
export function fileSource(configFile: string): ConfigSource {
  const historyFile = historyFileBeside(configFile);
  return {
    read: async () => {
      try {
        const text = fs.readFileSync(configFile, 'utf8');
        return { text, version: text };
      } catch {
        throw new ReleaseRefusal(`读不到运行时配置 ${configFile}`);
      }
    },
    history: async () => readHistory(historyFile),
    write: async (text, line, version) => {
      if (fs.readFileSync(configFile, 'utf8') !== version) {
        throw new ReleaseRefusal('runtime-config.json 在此期间被修改了（手工编辑或守卫），没有写入：请重新执行');
      }
      writeFileAtomically(configFile, text);
      // Appended, not rewritten: the command and the guard never lose each other's line.
      if (line) appendHistory(historyFile, line);
    },
  };
}

/** The runtime config as a step and the guard read it: a JSON object, whatever the shell will make of its fields. */
export type RawConfig = Record<string, unknown> & { remotes?: Record<string, unknown> };

/** `source`'s config and its version; a ReleaseRefusal naming `configFile` when it is not a JSON object. */
export async function readConfig(source: ConfigSource, configFile: string): Promise<{ raw: RawConfig; version: string }> {
  const { text, version } = await source.read();
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('不是对象');
    return { raw: raw as RawConfig, version };
  } catch (error) {
    throw new ReleaseRefusal(`${configFile} 不是合法的 JSON 对象（${error instanceof Error ? error.message : String(error)}），请先手工修正`);
  }
}
