// `prisma generate` offline: Prisma 7's CLI wants a schema-engine binary
// (downloaded from the internet) even though generate never runs it.
// Pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing executable skips the download.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
