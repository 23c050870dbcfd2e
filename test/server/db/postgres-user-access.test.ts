import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPostgresUserCanReach } from '#server/db/postgres-user-access.ts';
import { StartupError } from '#server/startup-error.ts';

// As root, the embedded PostgreSQL runs as the `postgres` user; only root can test that switch.
describe.skipIf(process.getuid?.() !== 0)('whether the postgres user can reach its programs and data', () => {
  let open: string;
  let closed: string;
  beforeAll(async () => {
    open = await mkdtemp(path.join(tmpdir(), 'bpm-open-'));
    await chmod(open, 0o755);
    await mkdir(path.join(open, 'data'));
    // A clone in a folder only its owner may enter, as /root is.
    closed = await mkdtemp(path.join(tmpdir(), 'bpm-closed-'));
    await chmod(closed, 0o700);
    await mkdir(path.join(closed, 'app', 'node_modules', 'bin'), { recursive: true });
  });
  afterAll(async () => {
    await rm(open, { recursive: true, force: true });
    await rm(closed, { recursive: true, force: true });
  });

  it('lets the start go on when both are reachable', async () => {
    await expect(
      assertPostgresUserCanReach({ dataDir: path.join(open, 'data'), binDir: path.join(open, 'data') }),
    ).resolves.toBeUndefined();
  });

  it('names the closed folder on the way to the programs, and the ways out', async () => {
    const binDir = path.join(closed, 'app', 'node_modules', 'bin');
    const error = await assertPostgresUserCanReach({ dataDir: path.join(open, 'data'), binDir }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as StartupError).message).toBe(
      [
        'No se puede arrancar la base de datos integrada.',
        'La aplicación se ejecuta como root, así que PostgreSQL corre como el usuario «postgres», y ese usuario no llega a:',
        `- los programas de PostgreSQL (${binDir}): no puede entrar en ${closed} (permisos 700)`,
        'Cualquiera de estas salidas lo resuelve:',
        '1. Instalar la aplicación y poner DATA_DIR en carpetas que el usuario postgres pueda recorrer, por ejemplo la aplicación en /opt/boton-de-panico y DATA_DIR=/var/lib/boton-de-panico.',
        '2. Ejecutarla como un usuario normal, no como root.',
        '3. Usar un PostgreSQL propio: DATABASE_URL=postgres://usuario:clave@servidor:5432/base.',
      ].join('\n'),
    );
  });
});
