import { defineConfig } from 'drizzle-kit';

// Only `npm run db:generate` reads this; the app applies the SQL files itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
