import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { preProcessFile } from 'typescript';

/**
 * The dependency rules of docs/architecture.md, checked on every import of the production code
 * (TypeScript's own reader of import and export declarations).
 */
const root = join(__dirname, '..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => join(folder, f));
}

/** Every import of `file`: a repository path for relative ones and @app/..., else the package. */
function importsOf(file: string): string[] {
  return preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles.map(
    ({ fileName }) => {
      if (fileName.startsWith('.')) return normalize(join(dirname(file), fileName));
      const lib = /^@app\/([^/]+)(.*)$/.exec(fileName);
      return lib ? `libs/${lib[1]}/src${lib[2]}` : fileName;
    },
  );
}

const feature = (path: string): string => path.split('/')[1];
const isAdapter = (path: string): boolean => path.includes('/adapters/');
/** Where the parts are put together: module files, the composition root, the command-line tools. */
const composes = (file: string): boolean =>
  file.endsWith('.module.ts') || file.startsWith('src/cli/') || relative('src', dirname(file)) === '';

const edges = sources('src').flatMap((file) => importsOf(file).map((target) => ({ file, target })));

describe('layering', () => {
  it('reads the imports it checks', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({
      file: 'src/health/health.module.ts',
      target: 'src/health/adapters/typeorm/typeorm-schema-state',
    });
  });

  it("no feature reaches into another feature's adapters; only module files and the composition root wire them", () => {
    const wrong = edges.filter(
      ({ file, target }) =>
        target.startsWith('src/') &&
        isAdapter(target) &&
        feature(target) !== feature(file) &&
        !composes(file),
    );
    expect(wrong).toEqual([]);
  });

  it('infrastructure (common, database) knows no feature', () => {
    const wrong = edges.filter(
      ({ file, target }) =>
        ['common', 'database'].includes(feature(file)) &&
        target.startsWith('src/') &&
        !['common', 'database'].includes(feature(target)),
    );
    expect(wrong).toEqual([]);
  });

  it('controllers do not query: no TypeORM, no database module in a controller', () => {
    const wrong = edges.filter(
      ({ file, target }) =>
        file.endsWith('.controller.ts') && (target === 'typeorm' || target.startsWith('src/database/')),
    );
    expect(wrong).toEqual([]);
  });

  it('adapters say what went wrong in their port’s terms, never as an HTTP error', () => {
    const wrong = edges.filter(
      ({ file, target }) =>
        isAdapter(file) &&
        (target.startsWith('src/common/errors/') || target === '@nestjs/common/exceptions'),
    );
    const httpExceptions = sources('src')
      .filter(isAdapter)
      .filter((file) => /\b\w+(Http)?Exception\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(wrong).toEqual([]);
    expect(httpExceptions).toEqual([]);
  });

  it('statements are written out: no TypeORM repository or query builder in the service', () => {
    const builders = sources('src').filter((file) =>
      /\b(getRepository|createQueryBuilder|InjectRepository|forFeature)\b|\bRepository</.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    );
    expect(builders).toEqual([]);
  });

  it('the libraries know nothing of the service but its order arithmetic, and the database library does no cryptography', () => {
    // The demo seed prices its orders with the service's own rules, so that seeded and posted
    // orders cannot disagree (one rule, one place); nothing else of the service is reachable.
    const seedMaths = new Set(['src/common/money', 'src/orders/order-calculation']);
    const libs = [...sources('libs/erp-db/src'), ...sources('libs/zugferd/src')];
    const wrong = libs.flatMap((file) =>
      importsOf(file)
        .filter(
          (t) =>
            t.startsWith('src/') && !(file === 'libs/erp-db/src/seed/demo-orders.ts' && seedMaths.has(t)),
        )
        .map((t) => [file, t]),
    );
    const crypto = sources('libs/erp-db/src').filter((file) =>
      importsOf(file).some((t) => t === 'node:crypto' || t === 'crypto'),
    );
    expect(wrong).toEqual([]);
    expect(crypto).toEqual([]);
  });
});
