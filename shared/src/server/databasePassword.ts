import fs from 'node:fs';

/**
 * `url` with the PostgreSQL password from the file `DATABASE_PASSWORD_FILE` names (issue 51): the password is never
 * held in an environment, which the render servers' code could read of its own process. Given to pg as the URL (pg
 * lets a URL's fields override its other options, so a password option beside a URL without one is dropped). Without
 * the variable, `url` as it is: pg's own ways stand, as for the tests' clusters, which need none.
 */
export function withDatabasePassword(url: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = env.DATABASE_PASSWORD_FILE;
  if (!file) return url;
  const withPassword = new URL(url);
  withPassword.password = encodeURIComponent(fs.readFileSync(file, 'utf8').trim());
  return withPassword.toString();
}
