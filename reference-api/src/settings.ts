import fs from 'node:fs';
import { ADMIN_TOKEN_MIN_LENGTH } from './security/adminToken';

/** How the reference API reads its environment where a wrong value would open a door (main.ts reads the rest). */

export function listEnv(value: string | undefined): string[] | undefined {
  const items = value?.split(',').map((item) => item.trim()).filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

/**
 * API_MODE=demo is the only way to the demo's conveniences (`npm start`, `npm run dev` and the tests set it). Unset
 * or `production` is the production form, and with NODE_ENV=production demo mode is refused.
 */
export function isDemoMode(env: NodeJS.ProcessEnv): boolean {
  const mode = env.API_MODE ?? 'production';
  if (mode !== 'demo' && mode !== 'production') throw new Error(`API_MODE 只能是 demo 或 production，而不是 "${mode}"`);
  if (mode === 'demo' && env.NODE_ENV === 'production') throw new Error('NODE_ENV=production 时不能使用 API_MODE=demo');
  return mode === 'demo';
}

/**
 * TRUST_PROXY: the addresses or ranges of the proxies in front (`127.0.0.1`, `10.0.0.0/8`), comma-separated. "Any
 * proxy" (`true`) or a hop count would let a client name its own address in X-Forwarded-For.
 */
export function trustedProxiesEnv(value: string | undefined): string[] {
  const proxies = listEnv(value) ?? [];
  for (const proxy of proxies) {
    if (proxy === 'true' || proxy === '*' || /^\d+$/.test(proxy)) {
      throw new Error(`TRUST_PROXY 应列出代理的地址或网段（如 127.0.0.1），不能是 "${proxy}"`);
    }
  }
  return proxies;
}

/**
 * `NAME`, or the first line of the file `NAME_FILE` names (a file only the API's user reads keeps the secret out of
 * every other process's environment); none: undefined.
 */
function secretEnv(env: NodeJS.ProcessEnv, name: 'ADMIN_TOKEN' | 'SERVICE_TOKEN' | 'PROXY_SECRET', what: string): string | undefined {
  const file = env[`${name}_FILE`];
  const token = file ? fs.readFileSync(file, 'utf8').split('\n')[0]?.trim() : env[name]?.trim();
  if (!token) return undefined;
  if (token.length < ADMIN_TOKEN_MIN_LENGTH) throw new Error(`${what}至少 ${ADMIN_TOKEN_MIN_LENGTH} 个字符（例如 openssl rand -hex 32）`);
  return token;
}

/** ADMIN_TOKEN or ADMIN_TOKEN_FILE; none: the admin endpoints refuse everyone. */
export function adminTokenEnv(env: NodeJS.ProcessEnv): string | undefined {
  return secretEnv(env, 'ADMIN_TOKEN', '管理令牌');
}

/** SERVICE_TOKEN or SERVICE_TOKEN_FILE: the site's own servers' credential (`ServerOptions.serviceToken`). */
export function serviceTokenEnv(env: NodeJS.ProcessEnv): string | undefined {
  return secretEnv(env, 'SERVICE_TOKEN', '服务令牌');
}

/**
 * PROXY_SECRET or PROXY_SECRET_FILE: what the site's nginx sends to say it is the one naming the visitor
 * (security/proxySecret.ts). TRUST_PROXY without it is refused: the proxy's address is every local process's too.
 */
export function proxySecretEnv(env: NodeJS.ProcessEnv): string | undefined {
  const secret = secretEnv(env, 'PROXY_SECRET', '代理密钥');
  if (secret === undefined && trustedProxiesEnv(env.TRUST_PROXY).length) {
    throw new Error('设置了 TRUST_PROXY 就要同时设置 PROXY_SECRET_FILE（nginx 随请求发送的密钥）：本机任何进程都能从代理的地址连接，只凭地址会让它们冒充任何访客');
  }
  return secret;
}
