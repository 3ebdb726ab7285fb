import type { Config } from 'jest';

const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$|^.+\\.(c|m)js$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// Packages shipped only as ES modules, transpiled for jest's CommonJS runtime.
const esmPackages = [
  '@marcbachmann/cel-js',
  '@statelyai',
  'until-async',
  'uplot',
  'superstruct',
  'rettime',
  'content-disposition',
  'cookie',
];
// Any .mjs file is transformed; other node_modules files only for the packages listed.
const transformIgnorePatterns = [
  `/node_modules/(?!(${esmPackages.join('|')})/).+\\.(js|cjs|json)$`,
];

const moduleNameMapper = {
  '\\.(css)$': '<rootDir>/test/support/styleMock.ts',
  // The console imports each icon's paths from the copy the build serves (src/ui/iconPaths.ts);
  // jest reads Blueprint's CommonJS module of that icon.
  '^/assets/icons/(?:.+/)?(16px|20px)/(.+)$': '@blueprintjs/icons/lib/cjs/generated/$1/paths/$2',
};

const project = (name: string, extra: Config = {}): Config => ({
  displayName: name,
  testMatch: [`<rootDir>/test/${name}/**/*.test.ts?(x)`],
  transform: swc,
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
  ...extra,
});

const config: Config = {
  projects: [
    project('unit'),
    project('machines'),
    project('components', {
      testEnvironment: 'jest-fixed-jsdom',
      setupFilesAfterEnv: ['<rootDir>/test/support/componentsSetup.ts'],
    }),
    project('server', {
      slowTestThreshold: 30,
      // Each file loads a copy of a seeded database image in its hooks: on a busy machine that
      // takes longer than jest's 5 s default. `testTimeout` here does not reach the hooks of a
      // project, so the setup file sets it for every file.
      testTimeout: 60_000,
      // Builds the seeded image (migrations and seed) once, before any server file starts.
      globalSetup: '<rootDir>/test/server/support/globalSetup.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/serverSetup.ts'],
      moduleNameMapper: {
        ...moduleNameMapper,
        '^@electric-sql/pglite$': '<rootDir>/test/support/nativePglite.ts',
      },
    }),
    project('e2e', {
      globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
      slowTestThreshold: 60,
    }),
  ],
};

export default config;
