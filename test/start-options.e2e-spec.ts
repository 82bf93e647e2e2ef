import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceNodeOptions as startOptions } from '../bench/support/service';

const ROOT = join(__dirname, '..');

describe('node options the service is started with', () => {
  it('npm start and the Docker image use the same ones', () => {
    const dockerfile = readFileSync(join(ROOT, 'docker/Dockerfile'), 'utf8');
    const [, nodeOptions] = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(dockerfile) ?? [];
    expect(startOptions()).toEqual(['--max-semi-space-size=16', '--max-old-space-size=1536']);
    expect(nodeOptions?.split(' ')).toEqual(startOptions());
  });

  it('this node accepts them: a heap limit of 1.5 GB (plus the young generation)', () => {
    const limit = Number(
      execFileSync(
        process.execPath,
        [
          ...startOptions(),
          '-e',
          'process.stdout.write(String(require("v8").getHeapStatistics().heap_size_limit))',
        ],
        { encoding: 'utf8' },
      ),
    );
    expect(limit / 2 ** 20).toBeGreaterThanOrEqual(1536);
    expect(limit / 2 ** 20).toBeLessThanOrEqual(1536 + 3 * 16);
  });
});
