import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli and a gzip copy beside every script, style and SVG of the browser build, once,
 * at the highest settings; the server sends the copy a browser accepts (@fastify/static
 * `preCompressed`), so no file is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir as string, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          await writeFile(
            `${full}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${full}.gz`, await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { target: 'es2022' },
});
