import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
    ],
    server: { proxy },
    preview: { proxy },
    build: { outDir: 'dist', sourcemap: true },
  };
});
