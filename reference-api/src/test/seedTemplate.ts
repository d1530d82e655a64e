/** Migrates and seeds the database named on the command line: the template of the PostgreSQL suites (deploy/ops/postgres/testCluster.ts). */
import { openDatabase } from '../db/database';
import { seedDatabase } from '../db/seed';

async function main(target: string): Promise<void> {
  const db = await openDatabase(target);
  try {
    await seedDatabase(db, Date.UTC(2026, 10, 1), { demoAccounts: true });
  } finally {
    // A template must have no connection open while it is copied.
    await db.close();
  }
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
