/**
 * Where the API's non-public endpoints live, in a module of their own: the release command and the canary guard
 * name them without loading the server (Fastify, SQLite) into their processes.
 */

/** The activity team's endpoints and the release figures, behind the admin token (reference-api/README.md). */
export const ADMIN_PREFIX = '/admin';
/** Demo mode's development endpoints: never registered in the production form. */
export const DEV_PREFIX = '/__dev';
