import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
// By path: Vite loads its config with Node, which cannot import the package's TypeScript entry.
import { WEB_SECURITY_HEADERS } from '../../packages/contracts/src/web-security';
import { precompress } from './vite-precompress';

// The app only ever calls the relative path /api. In development (and in `vite preview`) that path is
// proxied to the gateway; in production the gateway serves dist/ on the same origin.
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const apiTarget = env.VITE_API_PROXY || 'http://localhost:3000';
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };
  return {
    plugins: [
      // Must come before react(): it generates src/routeTree.gen.ts and splits route components.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
      precompress(),
    ],
    server: { proxy },
    // The browser tests run the built app under the headers the gateway serves it with (the CSP).
    preview: { proxy, headers: { ...WEB_SECURITY_HEADERS } },
    build: { outDir: 'dist', sourcemap: true },
  };
});
