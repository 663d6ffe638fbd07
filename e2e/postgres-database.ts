import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the suite may use (TEST_DATABASE_URL), or undefined: the specs that need it skip. */
export const postgresServer = process.env.TEST_DATABASE_URL;

/**
 * A database of its own on the suite's PostgreSQL server, for servers a spec
 * starts there: `sql` runs statements in it, `drop` removes it with its connections.
 */
export async function createPostgresDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(3).toString('hex')}`;
  const connect = async <T>(url: string, run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const url = new URL(postgresServer!);
  url.pathname = `/${name}`;
  await connect(postgresServer!, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: url.toString(),
    sql: <T>(run: (client: pg.Client) => Promise<T>) => connect(url.toString(), run),
    drop: () => connect(postgresServer!, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
