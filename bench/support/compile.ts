import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

/**
 * Compiles the project like `npm run build` (without the type check) into `dir`/dist and returns
 * that folder: `src/main.js` is the service. With `withBench`, the bench/ sources are compiled
 * too (a bench that serves its own module imports them). Benchmarks measure compiled code on
 * purpose: under ts-node every EventEmitter and promise pays for the `domain` module it loads.
 * Run the output with NODE_PATH set to the project's node_modules.
 */
export function compileProject(dir: string, withBench = false): string {
  const out = join(dir, 'dist');
  const project = withBench ? 'tsconfig.json' : 'tsconfig.build.json';
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
  execFileSync(bin('tsc'), ['-p', project, '--noCheck', '--outDir', out], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(bin('tsc-alias'), ['-p', project, '--outDir', out], { cwd: ROOT, stdio: 'inherit' });
  // Files tsc does not copy, where the compiled code looks for them (as in the Docker image).
  cpSync(join(ROOT, 'libs', 'zugferd', 'assets'), join(dir, 'libs', 'zugferd', 'assets'), {
    recursive: true,
  });
  return out;
}
