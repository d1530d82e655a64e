/** Shared by the PostgreSQL project's global setup (deploy/ops/postgres/testCluster.ts) and harness.ts. */

/** The run's cluster URL, for harness.ts to make databases with: workers inherit the environment global setup leaves. */
export const POSTGRES_ADMIN_URL_ENV = 'REFERENCE_API_TEST_POSTGRES';

/** What harness.ts copies for each suite's database: migrated and seeded once per run (seedTemplate.ts). */
export const TEMPLATE_DATABASE = 'suite_template';
