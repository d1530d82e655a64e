/**
 * The several-hosts form's PostgreSQL roles (issue 51): one per use, none a superuser nor able to make roles or
 * databases, each with a password made for this start (scram-sha-256) that only the API's user reads, in a file
 * (`DATABASE_PASSWORD_FILE`, read by `withDatabasePassword` of @wenrun/shared/node): never in an environment the remotes' code could read. The API's role makes and
 * owns the API's tables; the coordination role (the config follower, the activity relay, the guard's lease and the
 * release steps: deploy/ops/coordination) makes and owns its own, and may put the activity trigger on the API's.
 * What the API's migration needs beyond its own tables (pg_trgm) is made here by the cluster's superuser, which
 * comes in on the cluster's socket only.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Account } from '../nginx/accounts';
import { writeNewFile } from '../nginx/rootWrites';

export const API_ROLE = 'wenrun_api';
export const COORDINATION_ROLE = 'wenrun_coordination';
export const SITE_ROLES = [API_ROLE, COORDINATION_ROLE] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** A role's way in: its URL (no password) and the file of its password. */
export interface DatabaseLogin {
  url: string;
  passwordFile: string;
}

/** Makes the roles and their rights as the cluster's superuser (`adminUrl`); resolves with their passwords. */
export async function createSiteRoles(adminUrl: string, database: string): Promise<Record<SiteRole, string>> {
  const passwords: Record<SiteRole, string> = { [API_ROLE]: randomBytes(32).toString('hex'), [COORDINATION_ROLE]: randomBytes(32).toString('hex') };
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const db = client.escapeIdentifier(database);
    const roles = SITE_ROLES.join(', ');
    for (const role of SITE_ROLES) {
      await client.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(passwords[role])}`);
    }
    await client.query(`
      REVOKE ALL ON DATABASE ${db} FROM PUBLIC;
      GRANT CONNECT, TEMPORARY ON DATABASE ${db} TO ${roles};
      REVOKE ALL ON SCHEMA public FROM PUBLIC;
      GRANT USAGE, CREATE ON SCHEMA public TO ${roles};
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      ALTER DEFAULT PRIVILEGES FOR ROLE ${API_ROLE} IN SCHEMA public GRANT TRIGGER ON TABLES TO ${COORDINATION_ROLE};
    `);
  } finally {
    await client.end();
  }
  return passwords;
}

/**
 * Each role's login for one host, its password file written in `folder` (root's, so no other user can swap a name
 * in it) as `account`'s alone (0600).
 */
export function writeLogins(folder: string, account: Account, server: { address: string; port: number; database: string }, passwords: Record<SiteRole, string>): Record<SiteRole, DatabaseLogin> {
  const login = (role: SiteRole): DatabaseLogin => {
    const passwordFile = path.join(folder, `${role}.password`);
    writeNewFile(passwordFile, `${passwords[role]}\n`, { mode: 0o600, owner: { uid: account.uid, gid: account.gid } });
    return { url: `postgres://${role}@${server.address}:${server.port}/${server.database}`, passwordFile };
  };
  return { [API_ROLE]: login(API_ROLE), [COORDINATION_ROLE]: login(COORDINATION_ROLE) };
}
