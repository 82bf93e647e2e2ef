// Two projects: fast unit tests next to the code, and e2e specs that boot the real AppModule.
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }] },
  moduleNameMapper: {
    '^@app/erp-db(|/.*)$': '<rootDir>/libs/erp-db/src$1',
    '^@app/zugferd(|/.*)$': '<rootDir>/libs/zugferd/src$1',
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // The client package has its own packages, build and tests (node --test in clients/typescript).
  modulePathIgnorePatterns: ['<rootDir>/clients/'],
};
module.exports = {
  // testTimeout is a global option in jest 30 (ignored inside a project).
  // The T-SQL engine of CI builds each file's database in about 9 s and runs slower than the others.
  testTimeout: process.env.DB_TYPE === 'mssql' ? 180000 : 60000,
  // One worker per core (jest's default leaves one core to itself, so a 2-core CI machine ran the
  // files one at a time): files run in parallel already on larger machines (ports are free ones,
  // PostgreSQL databases are per file). On the 2-core VM npm test took 343 s instead of 525 s.
  maxWorkers: '100%',
  projects: [
    {
      ...common,
      displayName: 'unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      // *.pg-spec.ts and *.mssql-spec.ts test what exists only on PostgreSQL or SQL Server: part of
      // the suite only on it (npm run test:pg, npm run test:mssql).
      testMatch: [
        '<rootDir>/test/**/*.e2e-spec.ts',
        ...(process.env.DB_TYPE === 'postgres' ? ['<rootDir>/test/**/*.pg-spec.ts'] : []),
        ...(process.env.DB_TYPE === 'mssql' ? ['<rootDir>/test/**/*.mssql-spec.ts'] : []),
      ],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
