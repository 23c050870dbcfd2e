/**
 * Transactions committed in the connection's database, as PostgreSQL's statistics count them: how
 * busy a loop keeps the database, whoever runs it. A busy backend reports at least every second; a
 * quiet one may report later, which only lowers the count, never raises it: assert upper bounds only.
 */
export async function committedTransactions(client: {
  query(text: string): Promise<{ rows: unknown[] }>;
}): Promise<number> {
  const { rows } = await client.query(
    'select xact_commit as commits from pg_stat_database where datname = current_database()',
  );
  return Number((rows[0] as { commits: string } | undefined)?.commits);
}
