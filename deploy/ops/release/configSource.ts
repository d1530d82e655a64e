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
