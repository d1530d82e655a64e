import type { Migration as KyselyMigration, MigrationProvider } from 'kysely/migration';
import { init } from './001_init';
import { activityUpdates } from './002_activity_updates';
import { fieldData } from './003_field_data';
import { caps } from './004_caps';
import { fieldClients } from './005_field_clients';
import { loginFailuresByClient } from './006_login_failures_by_client';
import { fieldSlots } from './007_field_slots';
import { fieldHourChanges } from './008_field_hour_changes';
import type { Dialect, Migration } from './dialect';

/** In order: Kysely's Migrator runs them by name, each once per database (table kysely_migration). */
export const MIGRATIONS: [string, Migration][] = [
  ['001_init', init],
  ['002_activity_updates', activityUpdates],
  ['003_field_data', fieldData],
  ['004_caps', caps],
  ['005_field_clients', fieldClients],
  ['006_login_failures_by_client', loginFailuresByClient],
  ['007_field_slots', fieldSlots],
  ['008_field_hour_changes', fieldHourChanges],
];

/** The migrations for one dialect, as Kysely's Migrator asks for them. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(MIGRATIONS.map(([name, migration]): [string, KyselyMigration] => [name, { up: (db) => migration.up(db, dialect) }])),
  };
}
