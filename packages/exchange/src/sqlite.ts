import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

/**
 * sql.js, SQLite compiled to WebAssembly: the .wasm ships inside the npm package and is read from
 * node_modules (nothing is downloaded). Loaded once per process.
 */
let loading: Promise<SqlJsStatic> | null = null;

export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) {
    const require = createRequire(import.meta.url);
    const wasm = require.resolve('sql.js/dist/sql-wasm.wasm');
    loading = initSqlJs({ locateFile: () => wasm });
  }
  return loading;
}
