// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of build/, at
// the highest levels (done once per build, not per request); the server sends the
// best one the browser accepts. On one bar of signal, this is most of the wait.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const buildDir = fileURLToPath(new URL('../build', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|txt)$/;
// Below this, the headers weigh more than what compression saves.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

let original = 0;
let compressed = 0;
for (const entry of await readdir(buildDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  original += body.length;
  compressed += br.length;
}
console.log(
  `compressed build: ${(original / 1000).toFixed(1)} kB of text as ${(compressed / 1000).toFixed(1)} kB brotli`,
);
