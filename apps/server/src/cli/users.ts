/**
 * Account administration from the command line:
 *
 *   npm run -s users -- grant operator <email>
 *   npm run -s users -- revoke operator <email>
 *   npm run -s users -- grant net30 <email>      (invoice terms; revoke net30 puts the account back on prepay)
 *   npm run -s users -- list operators
 *
 * Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR). The
 * embedded database can be opened by one process at a time: stop the server first, or use
 * OPERATOR_EMAILS, or grant the role from the operators' console.
 */
import { eq } from 'drizzle-orm';
import { grantRole, OPERATOR, revokeRole, userByEmail } from '../auth/roles.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { embeddedDatabaseInUse } from '../db/lock.js';
import { billingAccounts, user, userRoles } from '../db/schema.js';

const usage = `Usage:
  npm run -s users -- grant operator <email>
  npm run -s users -- revoke operator <email>
  npm run -s users -- grant net30 <email>
  npm run -s users -- revoke net30 <email>
  npm run -s users -- list operators`;

async function main(argv: string[]): Promise<number> {
  const [verb, what, email] = argv;
  const config = loadConfig();
  if (config.database.kind === 'pglite') {
    const holder = await embeddedDatabaseInUse(config.dataDir);
    if (holder) {
      console.error(
        `The server (process ${holder}) is using the embedded database in ${config.dataDir}. Stop it first, or set OPERATOR_EMAILS and sign in again.`,
      );
      return 1;
    }
  }
  // A few statements: the embedded database in this thread (no thread of its own to start).
  const database = await openDatabase(config.database, { pgliteThread: 'inline' });
  try {
    const db = database.db;
    if (verb === 'list' && what === 'operators') {
      const rows = await db
        .select({ email: user.email, grantedAt: userRoles.grantedAt, by: userRoles.grantedBy })
        .from(userRoles)
        .innerJoin(user, eq(user.id, userRoles.userId))
        .where(eq(userRoles.role, OPERATOR));
      for (const r of rows) console.log(`${r.email}\tsince ${r.grantedAt.toISOString()}\t(${r.by})`);
      if (rows.length === 0) console.log('No operators yet.');
      return 0;
    }
    if ((verb !== 'grant' && verb !== 'revoke') || (what !== 'operator' && what !== 'net30') || !email) {
      console.error(usage);
      return 2;
    }
    const account = await userByEmail(db, email);
    if (!account) {
      console.error(`No account with the email ${email}. The user must sign up first.`);
      return 1;
    }
    if (what === 'operator') {
      if (verb === 'grant') await grantRole(db, account.id, OPERATOR, 'cli');
      else await revokeRole(db, account.id, OPERATOR);
    } else {
      const terms = verb === 'grant' ? 'net30' : 'prepay';
      await db
        .insert(billingAccounts)
        .values({ userId: account.id, terms, updatedBy: 'cli' })
        .onConflictDoUpdate({
          target: billingAccounts.userId,
          set: { terms, updatedBy: 'cli', updatedAt: new Date() },
        });
    }
    console.log(
      `${verb === 'grant' ? 'Granted' : 'Revoked'} ${what} ${verb === 'grant' ? 'to' : 'from'} ${account.email}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError
        ? err.message
        : `Failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
