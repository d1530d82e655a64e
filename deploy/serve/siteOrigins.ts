import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';

const PORTS = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port)];

/**
 * The origins allowed to read another part's files with CORS (the manifest is fetched): the parts themselves.
 * `SITE_ORIGINS` (comma-separated) replaces the local defaults when the parts live elsewhere.
 */
export function siteOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.SITE_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean);
  if (configured?.length) return configured;
  return PORTS.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}
