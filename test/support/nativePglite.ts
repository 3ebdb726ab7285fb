/**
 * PGlite loads its WebAssembly and Node modules with dynamic `import()`, which jest's module
 * sandbox refuses without --experimental-vm-modules. Jest maps `@electric-sql/pglite` here, and
 * this loads the real package through Node's own loader, outside the sandbox. Rows then carry
 * Dates of the outer realm, which the server code recognises with `isDate`.
 */
import nodeModule from 'node:module';
import path from 'node:path';

const loader = nodeModule as unknown as {
  _load: (request: string, parent: null, isMain: boolean) => unknown;
};

module.exports = loader._load(
  path.join(__dirname, '../../node_modules/@electric-sql/pglite/dist/index.cjs'),
  null,
  false,
);
