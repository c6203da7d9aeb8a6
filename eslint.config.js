// Lint: the layer rules of docs/architecture.md ("Layers"), no import cycles, and typescript-eslint's
// recommended rules. Formatting is Prettier's (npm run format); eslint-config-prettier turns off the rules
// that would fight it.
import fs from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.ts', '**/e2e-helpers.ts']

/** Folders below `dir`, each a tool's slice. */
const toolsIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)

/** A tool never imports another tool: its shared pieces live in api/common, ui/components or ui/lib. */
const toolZones = (dir) =>
  toolsIn(dir).map((tool) => ({
    target: `./${dir}/${tool}`,
    from: `./${dir}`,
    except: [`./${tool}`, './index.ts', './registry.ts'],
    message: 'A tool does not import another tool; move what both need to a shared folder.',
  }))

/**
 * The layers, lowest first: schemas (contracts, nothing of ours) < platform (shared infrastructure) < pipelines <
 * ingest < api; ui stands on schemas alone. Each zone names what a folder may not import.
 */
const layerZones = [
  {
    target: './schemas',
    from: ['./platform', './pipelines', './ingest', './api', './ui', './bench'],
    message: 'schemas/ imports nothing of ours but schemas.',
  },
  {
    target: './platform',
    from: ['./pipelines', './ingest', './api', './ui', './bench'],
    message: 'platform/ is the shared layer: it imports only schemas/ and itself.',
  },
  { target: './pipelines', from: ['./ingest', './api', './ui', './bench'], message: 'pipelines/ stand on platform/ and schemas/ only.' },
  { target: './ingest', from: ['./api', './ui', './bench'], message: 'ingest/ never imports api/ or ui/.' },
  { target: './api', from: ['./ui', './bench'], message: 'api/ never imports ui/.' },
  {
    target: './ui',
    from: ['./platform', './pipelines', './ingest', './api', './bench'],
    message: 'ui/ imports only schemas/ and itself (it runs in the browser).',
  },
]

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'var/**', 'coverage/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...toolZones('api/tools'), ...toolZones('ui/tools')] }],
      // A lazily loaded page (`() => import(...)` in the registry) is no cycle at load time.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-duplicates': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `let x = fallback; try { x = read() } catch {}` is how this code reads what may be missing.
      'no-useless-assignment': 'off',
    },
  },
  {
    // A page calls the API through callApi and the endpoints of schemas/ (docs/architecture.md), never a path by hand.
    files: ['ui/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'ui/vite.config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\/(?!docs)/]',
          message: 'Call the API through callApi/endpointUrl with an endpoint of schemas/, not a path typed by hand.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\/(?!docs)/]',
          message: 'Call the API through callApi/endpointUrl with an endpoint of schemas/, not a path typed by hand.',
        },
      ],
    },
  },
  {
    // Tests and their helpers start the whole app and its fakes: they may reach any layer.
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  prettier,
)
