import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The service compiled for the tests that start it as a process of its own. From the sources, each
 * such start spends seconds in ts-node before the service runs; compiled, well under one. The
 * build is what `npm run build` makes (tsc and tsc-alias, tsconfig.build.json), in `dist-test/` so
 * that it never replaces the user's `dist/`, and it is used only while it matches the sources:
 * `dist-test/.sources` holds the hash of what it was built from.
 */
const ROOT = join(__dirname, '..', '..');
const OUT = join(ROOT, 'dist-test');
const STAMP = '.sources';
/** Held while a build runs (a folder: mkdir is atomic); an older one was left by a killed build. */
const LOCK = `${OUT}.building`;
const STALE_LOCK_MS = 5 * 60_000;

/** The hash of everything a build reads: the sources of src/ and libs/, and the compiler settings. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) add(path);
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'libs'));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) add(join(ROOT, file));
  return hash.digest('hex');
}

let known: { hash: string } | undefined;
/** The sources' hash, computed once per test process (the sources do not change during a run). */
function currentHash(): string {
  known ??= { hash: sourcesHash() };
  return known.hash;
}

/** `dist-test/` when it was built from the sources as they are now, else undefined. */
export function freshBuild(): string | undefined {
  try {
    return readFileSync(join(OUT, STAMP), 'utf8') === currentHash() ? OUT : undefined;
  } catch {
    return undefined;
  }
}

/** Runs a command of the repository's node_modules/.bin to its end; rejects on a failure. */
function run(bin: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [require.resolve(bin), ...args], { cwd: ROOT, stdio: 'ignore' });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${bin} exited with ${code}`))));
  });
}

/**
 * Builds `dist-test/` unless it is fresh or another run is building it. The new build is made
 * beside it and moved in with its stamp, so a test process sees either a complete fresh build or
 * none. A failed build leaves no build: the tests start the service from the sources then.
 */
export async function buildIfStale(): Promise<void> {
  if (freshBuild()) return;
  try {
    mkdirSync(LOCK);
  } catch {
    if (Date.now() - statSync(LOCK).mtimeMs < STALE_LOCK_MS) return;
    rmSync(LOCK, { recursive: true, force: true });
    mkdirSync(LOCK);
  }
  try {
    const hash = currentHash();
    const out = join(LOCK, 'out');
    await run('typescript/bin/tsc', ['-p', 'tsconfig.build.json', '--outDir', out]);
    await run('tsc-alias/dist/bin/index.js', ['-p', 'tsconfig.build.json', '--outDir', out]);
    writeFileSync(join(out, STAMP), hash);
    rmSync(OUT, { recursive: true, force: true });
    renameSync(out, OUT);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
