import '../src/common/config/env-file';
import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * npm run bench -- <name> [args]: runs bench/<name>.ts, which exports `run(args)` and prints
 * its numbers. Without a name, every benchmark runs in turn.
 */
interface Benchmark {
  run(args: string[]): Promise<void>;
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const available = readdirSync(__dirname)
    .filter((f) => f.endsWith('.ts') && !['run.ts'].includes(f) && !f.startsWith('_'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const chosen = name ? [name] : available;
  for (const bench of chosen) {
    const file = join(__dirname, `${bench}.ts`);
    if (!existsSync(file)) {
      console.error(`No benchmark "${bench}". Available: ${available.join(', ')}`);
      process.exit(2);
    }
    console.log(`\n=== bench ${bench}`);
    const mod = (await import(file)) as Benchmark;
    await mod.run(args);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
