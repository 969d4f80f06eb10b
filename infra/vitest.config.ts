import { defineConfig } from 'vitest/config';

// The image rehearsal installs, builds and starts apps: give it room on two cores.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } });
