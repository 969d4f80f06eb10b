import { defineConfig } from 'tsup';

// Internal @mnemo/* packages are TypeScript sources: inline them. Third-party packages stay external
// and resolve from node_modules at run time (native modules and WASM files must not be bundled).
export default defineConfig({
  // The PDF and OCR threads are entries of their own: thread-start.ts starts dist/<name>.js.
  entry: {
    worker: 'src/worker.ts',
    'pdf-thread': 'src/extract/pdf-thread.ts',
    'ocr-thread': 'src/extract/ocr-thread.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@mnemo\//],
  skipNodeModulesBundle: true,
});
