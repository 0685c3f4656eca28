import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './index';
import { TEST_POSTGRES_URL } from '../../../test/helpers/databases';

// PostgreSQL's connections price an index probe as on SSD or in memory (an export's batch lookups by id
// then use their index on mid-sized tables), unless whoever runs the database chose a price of their own.
describe.skipIf(!TEST_POSTGRES_URL)('index probe price on PostgreSQL', () => {
  const priceOn = async (url: string) => {
    const handle = connectDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const { rows } = await sql<{ price: string }>`select current_setting('random_page_cost') as price`.execute(handle.db);
      return rows[0]!.price;
    } finally {
      await handle.close();
    }
  };

  it('is 1.1 where the server keeps its built-in 4', async () => {
    expect(await priceOn(TEST_POSTGRES_URL!)).toBe('1.1');
  });

  it('is left as set for the connection, database or role', async () => {
    const url = new URL(TEST_POSTGRES_URL!);
    url.searchParams.set('options', '-c random_page_cost=2');
    expect(await priceOn(url.toString())).toBe('2');
  });
});
