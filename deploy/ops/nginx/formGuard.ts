import { guardProcess } from '../../serve/siteProcesses';
import type { ChildSpec } from '../../serve/supervisor';
import { API_USER, SECRETS_UNSET } from './accounts';

export interface FormGuardOptions {
  runtimeConfigFile: string;
  /** nginx's API origin (https:), as this start script serves it: never the served config's, which the guard rewrites. */
  apiOrigin: string;
  /** The form's admin token file (the operator's token, or one made for this run). */
  adminTokenFile: string;
  /** The site's certificate, which nginx shows. */
  certificate: string;
  /** The coordination login of several hosts (siteProcesses.ts `coordinationLogin`). */
  coordination?: NodeJS.ProcessEnv;
  metricsPort: number;
}

/**
 * The production form's canary guard, on the served config, with the form's admin token file. It reads the field
 * data through nginx's API origin over TLS, trusting the site's certificate, and never from the API's loopback port
 * over plain HTTP (issue 51): while the API restarts that port is free, and any local user (a remote's code in a
 * render server) could take it and be handed the token; nginx's port too, but no local user holds the site's key.
 * It asks each entry's version.json before it aborts through this nginx as well.
 */
export function formGuard({ runtimeConfigFile, apiOrigin, adminTokenFile, certificate, coordination, metricsPort }: FormGuardOptions): ChildSpec {
  return guardProcess(runtimeConfigFile, {
    fieldDataUrl: apiOrigin,
    env: { ...SECRETS_UNSET, ...coordination, ADMIN_TOKEN_FILE: adminTokenFile, NODE_EXTRA_CA_CERTS: certificate },
    metricsPort,
  });
}

/**
 * The status command as the start prints it: the served config, and the figures through nginx's API origin over TLS
 * with the site's certificate, where the guard reads them; never an address the config names.
 */
export function statusCommand({ runtimeConfigFile, apiOrigin, adminTokenFile, certificate }: Omit<FormGuardOptions, 'coordination' | 'metricsPort'>): string {
  return `ADMIN_TOKEN_FILE=${adminTokenFile} NODE_EXTRA_CA_CERTS=${certificate} npm run release -- status --config ${runtimeConfigFile} --field-data ${apiOrigin}`;
}

/** What decides whether the form starts its guard. */
export interface GuardingInputs {
  runtimeConfigFile: string;
  apiOrigin: string;
  adminTokenFile: string;
  /** Whether the admin token was made for this run (no `ADMIN_TOKEN`). */
  madeAdminToken: boolean;
  /** The site's certificate; none without TLS. */
  certificate: string | undefined;
  /** Another API behind this nginx (`--upstream`); none when the form starts the reference API. */
  otherApi: string | undefined;
  operatorToken: string | undefined;
  /** Whether the API's user holds the token file (started as root). */
  asApiUser: boolean;
}

/**
 * The guard's options, or none when it cannot judge, said once either way. Another API behind this nginx knows only
 * the operator's token: without one the guard could never judge, and one that logs so every minute is missed; it is
 * not started. Nor without TLS: the token goes over https alone.
 */
export function formGuarding(inputs: GuardingInputs): Omit<FormGuardOptions, 'coordination' | 'metricsPort'> | undefined {
  const { runtimeConfigFile, apiOrigin, adminTokenFile, certificate, otherApi, operatorToken } = inputs;
  if (otherApi && operatorToken === undefined) {
    console.error(`[nginx] 未设置 ADMIN_TOKEN（或 ADMIN_TOKEN_FILE）：灰度守卫读不到 ${otherApi} 的现场数据，这次不启动守卫，灰度不会被自动中止`);
    return undefined;
  }
  if (!certificate) {
    console.error('[nginx] 没有 TLS（--tls-cert 和 --tls-key，或 --tls-self-signed）：管理令牌只经 https 发送，灰度守卫读不到现场数据，这次不启动守卫，灰度不会被自动中止');
    return undefined;
  }
  const guarding = { runtimeConfigFile, apiOrigin, adminTokenFile, certificate };
  const where = inputs.madeAdminToken ? `未设置 ADMIN_TOKEN：本次运行的管理令牌已生成在 ${adminTokenFile}` : `管理令牌在 ${adminTokenFile}`;
  console.log(`[nginx] ${where}（只有 ${inputs.asApiUser ? API_USER : '本用户'}和 root 可读），灰度守卫用它经 ${apiOrigin}（TLS，验证本站证书）读取现场数据；查看状态：${statusCommand(guarding)}`);
  return guarding;
}
