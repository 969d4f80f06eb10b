import { defineConfig } from 'vitest/config';

// The hostile-input tests build 10 MB cells and 100,000-line files; on a shared two-core machine
// that can take longer than vitest's 5 s default without anything being wrong.
export default defineConfig({ test: { testTimeout: 60_000 } });
