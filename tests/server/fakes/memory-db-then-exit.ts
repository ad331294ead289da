/** Opens and closes a migrated `memory://` PGlite test database, then returns: the process must exit by itself. */
import { openMigratedMemoryPglite } from '../../../server/db/memory-template';

const db = await openMigratedMemoryPglite();
await db.query('SELECT 1');
await db.close();
console.log('closed');
