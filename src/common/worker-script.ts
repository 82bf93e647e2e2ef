import { extname, join } from 'node:path';

/**
 * Where a worker thread's script is, next to the module that starts it (`dir`, `ownFile`: that
 * module's __dirname and __filename), and how to start it: compiled, the .js file as it is;
 * under ts-node (jest, development) the .ts file with the same loaders.
 */
export function workerScript(
  dir: string,
  ownFile: string,
  name: string,
): { filename: string; execArgv: string[] } {
  const filename = join(dir, `${name}${extname(ownFile)}`);
  const execArgv = filename.endsWith('.ts')
    ? [
        '-r',
        require.resolve('ts-node/register/transpile-only'),
        '-r',
        require.resolve('tsconfig-paths/register'),
      ]
    : [];
  return { filename, execArgv };
}
