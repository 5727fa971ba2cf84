// `npm run operator -- grant <email>` / `revoke <email>` / `list`: who is a platform operator (may import the
// market history every account shares). On the embedded database stop the server first: two processes must
// never open one PGlite folder. The only way to set the flag; the API never does.
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { listPlatformOperators, setPlatformOperator } from './operators';

const [command, email] = process.argv.slice(2);
if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
  console.error('usage: npm run operator -- grant <email> | revoke <email> | list');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  if (command === 'list') {
    const operators = await listPlatformOperators(database.db);
    console.log(operators.length ? operators.map((o) => `${o.email} (${o.accountName})`).join('\n') : 'no platform operators');
  } else if (await setPlatformOperator(database.db, email!, command === 'grant')) {
    console.log(`${email} ${command === 'grant' ? 'is now' : 'is no longer'} a platform operator`);
  } else {
    console.error(`no user with the e-mail address ${email}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
