import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the build, at the highest
 * levels (paid once, at build time), for the gateway to send by Accept-Encoding (@fastify/static's
 * preCompressed). By hand rather than a plugin from npm: node:zlib does the work, this only walks
 * the output folder.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mnemo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          if (!(await stat(path)).isFile()) return;
          const data = await readFile(path);
          // Tiny files gain nothing (and a compressed copy can be larger).
          if (data.length < 1024) return;
          await writeFile(`${path}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
          await writeFile(`${path}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}
