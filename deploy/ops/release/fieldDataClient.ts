/**
 * The release figures, read over HTTP from the reference API (reference-api/src/routes/releaseFigures.ts): with
 * the admin token when one is set (ADMIN_TOKEN or ADMIN_TOKEN_FILE, as the API reads them), else from the demo
 * form's development twin, which only a demo API answers.
 */
import { RELEASE_FIGURES_PATH, type Envelope, type ReleaseFieldData } from '@wenrun/shared/node';
import { ADMIN_PREFIX, DEV_PREFIX } from '@wenrun/reference-api/prefixes';
import { adminTokenEnv } from '@wenrun/reference-api/settings';

export interface FieldDataSource {
  /** The reference API (the statistics host): `apiBaseUrl` of the config unless told otherwise. */
  baseUrl: string;
  token?: string;
}

export const FIELD_DATA_TIMEOUT_MS = 10_000;

export function tokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return adminTokenEnv(env);
}

/**
 * The admin token goes over TLS alone (issue 51), whoever reads the figures (the guard, `status`): on an `http:`
 * address whoever holds the port reads it, and a port is free to any local user while its server restarts (the
 * production form's API, nginx) or where nothing of ours listens (the demo's 3100, which the build's config names).
 * The demo form needs no token (its API answers the development twin).
 */
function requireTlsForToken({ baseUrl, token }: FieldDataSource): void {
  if (token && !baseUrl.startsWith('https:')) {
    throw new Error(`管理令牌只经 https 发送：${baseUrl} 不是 https 地址，已拒绝发送（生产形态：nginx 启动时打印的查看状态命令经 nginx 的 https API 读取；演示形态不需要管理令牌）`);
  }
}

/** The figures since `since`, each count also with the `leaveOut` clients that push it most either way left out. */
export async function readReleaseFigures({ baseUrl, token }: FieldDataSource, since: number, leaveOut = 0): Promise<ReleaseFieldData> {
  requireTlsForToken({ baseUrl, ...(token ? { token } : {}) });
  const url = `${baseUrl.replace(/\/$/, '')}${token ? ADMIN_PREFIX : DEV_PREFIX}${RELEASE_FIGURES_PATH}?since=${Math.floor(since)}&leaveOut=${leaveOut}`;
  let response: Response;
  try {
    // No redirect followed: the token stays with the address checked above.
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, redirect: 'error', signal: AbortSignal.timeout(FIELD_DATA_TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`无法读取现场数据：${baseUrl} 无法连接（${error instanceof Error ? error.message : String(error)}）`, { cause: error });
  }
  if (response.status === 401) throw new Error('无法读取现场数据：管理令牌不正确（ADMIN_TOKEN 或 ADMIN_TOKEN_FILE）');
  if (response.status === 404) throw new Error('无法读取现场数据：这个 API 不是演示模式，需要设置管理令牌（ADMIN_TOKEN 或 ADMIN_TOKEN_FILE）');
  const envelope = (await response.json().catch(() => null)) as Envelope<ReleaseFieldData> | null;
  if (!envelope?.data || !Array.isArray(envelope.data.remotes)) {
    throw new Error(`无法读取现场数据：HTTP ${response.status}，${envelope?.header.codeMsg ?? '回复不是预期的格式'}`);
  }
  return envelope.data;
}
