import { defineConfig } from 'vitest/config';

// Generous limits: PGlite databases and PDF threads start slowly on a machine busy with other suites.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
