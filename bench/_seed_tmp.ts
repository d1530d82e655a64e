import { openDatabase } from '@wenrun/reference-api/db/database';
import { seedFieldDataAtCaps } from '@wenrun/reference-api/test/fieldDataAtCaps';
void (async () => {
  const db = await openDatabase(process.argv[2]!);
  console.log(await seedFieldDataAtCaps(db, Date.UTC(2026, 10, 20, 12, 0, 0), Number(process.argv[3])));
  await db.close();
})();
