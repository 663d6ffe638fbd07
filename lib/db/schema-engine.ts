import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

const require = createRequire(import.meta.url);

type EngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');
let engineModule: Promise<EngineModule> | undefined;

// Prisma's WASM schema engine. Its ESM entry imports a .wasm file, which Node 20
// only allows behind --experimental-wasm-modules, so we instantiate it ourselves.
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const glue = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as EngineModule & Record<string, unknown>;
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return engineModule;
}

export async function openSchemaEngine(schema: string, adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadEngineModule();
  const log = (line: string) => {
    if (process.env.QUIRE_DEBUG_MIGRATIONS) console.error('[schema-engine]', line);
  };
  return SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, log, bindMigrationAwareSqlAdapterFactory(adapterFactory));
}
