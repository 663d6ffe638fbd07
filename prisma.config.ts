import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file; migrations run through lib/db/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
