/**
 * What a child of the supervisor takes from its environment (issue 51): a list of names, never "all but a few".
 * The start script's shell may hold anything (`PGPASSWORD`, `ADMIN_TOKEN`, `DATABASE_URL`, a cloud key), and a
 * render server runs remote teams' code, which reads its own `/proc/self/environ` whatever `delete process.env.X`
 * did. Every child gets `RUNTIME_ENV`; a child names the other groups it needs (`ChildSpec.inherit`); values the
 * supervisor sets for one child (`ChildSpec.env`) come on top.
 */

/** How to run at all: the search path, the locale, the temporary folder, Node's own settings, the log level. */
export const RUNTIME_ENV = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR', 'NODE_ENV', 'NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS', 'LOG_LEVEL', 'CI', 'NO_COLOR', 'FORCE_COLOR'] as const;

/** The site's addresses, which the demo form's start (deploy/serve/dev.ts) sets for its children to read, and where they listen. */
export const SITE_ENV = ['SITE_ORIGINS', 'SITE_URL', 'HOST'] as const;

/** The render server's (and a part server's) timings an operator or a test may give (render-server/src/server/main.ts). */
export const RENDER_ENV = ['RENDER_DATA_TIMEOUT_MS', 'RENDER_TIMEOUT_MS', 'RENDER_CHECK_INTERVAL_MS'] as const;

/** The reference API's limits and caches an operator may give (reference-api/src/main.ts): no secret among them. */
export const API_SETTINGS_ENV = [
  'TRUST_PROXY',
  'DATABASE_POOL_SIZE',
  'RATE_LIMIT_MAX',
  'SEND_CODE_PER_IP_PER_HOUR',
  'SEND_CODE_PER_MOBILE_PER_HOUR',
  'SEND_CODE_PER_HOUR',
  'MESSAGES_PER_IP_PER_DAY',
  'FIELD_SUMMARY_CACHE_MS',
  'FIELD_VIEWS_PER_CLIENT_PER_HOUR',
] as const;

/** What reaches the database: only for the processes that use it (the API, the guard, the coordination processes). */
export const DATABASE_ENV = ['DATABASE_PASSWORD_FILE', 'PGPASSWORD', 'PGPASSFILE', 'PGSSLMODE', 'PGSSLROOTCERT'] as const;

/** The canary guard's credential and lease (the demo form's shell gives them; the production form sets its own). */
export const GUARD_ENV = ['ADMIN_TOKEN', 'ADMIN_TOKEN_FILE', 'DATABASE_URL', ...DATABASE_ENV] as const;

/** The demo API's credentials and database as the operator's shell gives them (the production form gives files). */
export const DEMO_API_ENV = ['DATABASE_URL', 'DATABASE_PATH', 'ADMIN_TOKEN', 'ADMIN_TOKEN_FILE', 'SERVICE_TOKEN', 'SERVICE_TOKEN_FILE', ...DATABASE_ENV] as const;

/** The variables of `env` that `names` lists, and no other. */
export function pickEnv(env: NodeJS.ProcessEnv, names: readonly string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(names.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])));
}
