import { defineConfig } from 'vitest/config';

// Unit tests cover pure logic only, so the node environment is enough (no DOM emulation needed).
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
