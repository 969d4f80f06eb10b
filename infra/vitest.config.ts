import { defineConfig } from 'vitest/config';

// The image rehearsal installs, builds and starts apps: give it room on two cores. 120 s was not
// enough at load 30 (an ingest-worker image took 131 s, the gateway's 251 s): the limits are there
// to end a hung step, not to time one.
export default defineConfig({ test: { testTimeout: 360_000, hookTimeout: 360_000 } });
