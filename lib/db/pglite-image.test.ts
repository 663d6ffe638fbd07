import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migratedPgliteImage } from './pglite-image';

describe('a new embedded database started from the migrated dump', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-image-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('holds every migration in its own data directory, and a directory that has a cluster keeps its data', async () => {
    const image = await migratedPgliteImage();
    const first = await openDatabase({ dataDir, image });
    const applied = await first.prisma.$queryRawUnsafe<Array<{ n: number }>>('SELECT count(*)::int AS n FROM _prisma_migrations');
    expect(applied[0]!.n).toBeGreaterThan(10);
    await first.prisma.user.create({ data: { id: 'u1', name: 'Ada', email: 'ada@example.com' } });
    await first.close();

    // the image is for new clusters only: reopening with it again must not replace what is there
    const again = await openDatabase({ dataDir, image });
    expect(await again.prisma.user.count()).toBe(1);
    await again.close();
  });
});
