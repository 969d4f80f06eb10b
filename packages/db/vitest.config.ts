import { defineConfig } from 'vitest/config';

// PGlite boots in a few seconds on two cores; each test file gets its own database.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' } });
