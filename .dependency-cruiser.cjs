// The import graph's rules, checked once over the whole tree by `npm run lint` (depcruise):
// imports flow one way (lib/ui <- api <- widgets <- features <- app; machines import nothing of
// src; contracts import nothing of the project), features never import each other, and no
// module takes part in an import cycle. ESLint checks what it is good at, file by file.

/** `from` may not import `to`: one rule per layer, named after the layer it guards. */
const layer = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});

const UI_AND_UP = '^src/(api|features|app|shell|auth|widgets)/';

module.exports = {
  forbidden: [
    layer(
      'lib-is-pure',
      '^src/lib/',
      `^src/(ui|api|features|app|shell|auth|widgets)/`,
      'src/lib holds pure functions: it imports nothing else of src.',
    ),
    layer(
      'ui-below-api',
      '^src/ui/',
      UI_AND_UP,
      'src/ui is the presentational kit: it knows neither the API nor the features.',
    ),
    layer(
      'api-below-features',
      '^src/api/',
      '^src/(features|app|shell|ui|widgets)/',
      'src/api (endpoints and schemas) imports only lib and contracts.',
    ),
    layer(
      'auth-below-features',
      '^src/auth/',
      '^src/(features|app|shell|widgets)/',
      'src/auth is below the shell, the widgets and the features.',
    ),
    layer(
      'shell-below-features',
      '^src/shell/',
      '^src/(features|app|widgets)/',
      'src/shell is below the widgets and the features.',
    ),
    layer(
      'widgets-below-features',
      '^src/widgets/',
      '^src/(features|app)/',
      'src/widgets are shared by features: they import no feature.',
    ),
    layer(
      'features-below-app',
      '^src/features/',
      '^src/app/',
      'Features are composed by src/app, never the other way round.',
    ),
    layer(
      'machines-are-framework-free',
      '^machines/',
      '^(src|server)/',
      'machines/ import nothing of src or server: effects are supplied with provide.',
    ),
    layer(
      'console-apart-from-server',
      '^src/',
      '^(server|test)/',
      'The console imports neither the server nor the tests.',
    ),
    layer(
      'server-apart-from-console',
      '^server/',
      '^(src|machines|test)/',
      'The server imports neither the console, its machines nor the tests.',
    ),
    layer(
      'contracts-import-nothing',
      '^contracts/',
      '^(src|machines|server|test)/',
      'contracts/ imports nothing: console, machines and server import it.',
    ),
    {
      name: 'features-apart',
      comment:
        'Features never import each other: move shared code to src/widgets, src/ui or src/lib.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'no-cycles',
      comment: 'No module takes part in an import cycle (type-only imports aside).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|coverage|test-results|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
    skipAnalysisNotInRules: true,
  },
};
