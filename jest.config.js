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
};
module.exports = {
  // testTimeout is a global option in jest 30 (ignored inside a project).
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
