/**
 * One host's copy of the shared runtime config: writes the host's `runtime-config.json` (and the release history
 * beside it) from PostgreSQL on start, on every change (LISTEN/NOTIFY) and every `resyncMs` whatever was heard (a
 * notification is lost while the connection is down). Atomically (a reader gets the old file or the new one), and
 * only when the file differs, so what watches the file (nginx's reload in the production form, the render servers'
 * look every 5 s) acts once per change.
 */
import fs from 'node:fs';
import { writeFileAtomically } from '../../atomicFile';
import { historyFileBeside } from '../release/history';
import { listen } from './listener';
import { CONFIG_CHANNEL, lastHistorySeq, prepareSharedConfig, readStoredConfig, readStoredHistory } from './sharedConfig';

export const RESYNC_MS = 30_000;

export interface ConfigFollowerOptions {
  databaseUrl: string;
  /** This host's served `runtime-config.json`; when the database has no config yet, its content is the first version. */
  configFile: string;
  /** The history file written beside it: `release-history.jsonl` unless told. */
  historyFile?: string;
  /** How often the config is read without a notification. */
  resyncMs?: number;
  /** After the file was written with another config: what else this host must do (reload a server that reads it once). */
  onChange?: (change: { version: number; text: string }) => void;
  log?: (line: string) => void;
}

export interface ConfigFollower {
  /** The file was written (or found current) from the database once. */
  ready: Promise<void>;
  /** The version the file holds; undefined before the first read. */
  version(): number | undefined;
  stop(): Promise<void>;
}

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

/** What made the follower look: the log says which brought a change (a release reaches the other hosts by the first). */
export type LookReason = '收到通知' | '定期读取' | '连接后读取';

/**
 * One look at a time; a change heard during a look makes one more look after it, however many were heard, for the
 * last reason given. `running()` is the look under way, if any, so stopping can wait for it.
 */
function oneLookAtATime(lookOnce: (reason: LookReason) => Promise<void>) {
  let running: Promise<void> | undefined;
  let again: LookReason | undefined;
  const look = (reason: LookReason): Promise<void> => {
    if (running) {
      again = reason;
      return running;
    }
    running = (async () => {
      for (let next: LookReason | undefined = reason; next; ) {
        again = undefined;
        await lookOnce(next);
        next = again;
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return { look, running: () => running };
}

export function startConfigFollower(options: ConfigFollowerOptions): ConfigFollower {
  const log = options.log ?? ((line: string) => console.log(line));
  const historyFile = options.historyFile ?? historyFileBeside(options.configFile);
  let version: number | undefined;
  let historySeq = -1;
  let saidEmpty = false;

  async function syncOnce(reason: LookReason): Promise<void> {
    const client = listening.client();
    if (!client) return;
    const stored = await readStoredConfig(client);
    if (!stored) {
      if (!saidEmpty) log(`[config] 数据库中还没有运行时配置，本机也没有 ${options.configFile}：等待其他主机写入`);
      saidEmpty = true;
      return;
    }
    // The file, not the version last written, is compared: a hand edit on this host is put back too.
    if (readIfThere(options.configFile) !== stored.text) {
      writeFileAtomically(options.configFile, stored.text);
      if (version !== undefined) log(`[config] 运行时配置已更新到第 ${stored.version} 版（${reason}）：${options.configFile}`);
      options.onChange?.(stored);
    }
    version = stored.version;
    const last = await lastHistorySeq(client);
    if (last !== historySeq || !fs.existsSync(historyFile)) {
      const history = await readStoredHistory(client);
      writeFileAtomically(historyFile, history.lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
      historySeq = history.last;
    }
  }

  const looks = oneLookAtATime(syncOnce);
  const sync = looks.look;

  const listening = listen({
    databaseUrl: options.databaseUrl,
    channel: CONFIG_CHANNEL,
    onNotify: () => {
      sync('收到通知').catch((error: unknown) => {
        log(`[config] 读取运行时配置失败，重新连接：${error instanceof Error ? error.message : String(error)}`);
        listening.reconnect();
      });
    },
    onConnect: async (client) => {
      await prepareSharedConfig(client, options.configFile);
      await sync('连接后读取');
    },
    onError: (error) => log(`[config] 数据库连接出错，稍后重连：${error.message}`),
  });

  const timer = setInterval(() => {
    sync('定期读取').catch((error: unknown) => {
      log(`[config] 定期读取运行时配置失败，重新连接：${error instanceof Error ? error.message : String(error)}`);
      listening.reconnect();
    });
  }, options.resyncMs ?? RESYNC_MS);
  timer.unref();

  return {
    ready: listening.ready,
    version: () => version,
    stop: async () => {
      clearInterval(timer);
      await listening.stop();
      await looks.running()?.catch(() => undefined);
    },
  };
}
