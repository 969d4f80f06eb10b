import { defineConfig } from 'tsup';

// Internal @mnemo/* packages are TypeScript sources: inline them. Third-party packages stay external
// and resolve from node_modules at run time (native modules and WASM files must not be bundled).
export default defineConfig({
  entry: ['src/main.ts', 'src/migrate.ts', 'src/host.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@mnemo\//],
  skipNodeModulesBundle: true,
});
