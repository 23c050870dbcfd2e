import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from '#test/support/test-database.ts';
import type { TestDatabase } from '#test/support/test-database.ts';

// A start from TypeScript (tsx) with a fresh database to migrate: on two cores shared with other test
// files this alone can take longer than the default limit (a start that only reads the settings and
// refuses them has taken most of it), so the cases that wait for a whole start get more.
const WHOLE_START_MS = 90_000;

describe('starting the server with npm run serve', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'bpm-main-'));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** `npm run serve`'s command on the file's database; killed when the test ends, so a test that fails or runs out of time leaves no server running. */
  function startServer() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        PORT: '0',
        BUILD_DIR: path.join(dir, 'build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    return child;
  }

  it(
    'prints the web address once listening, answers, and stops cleanly on SIGTERM',
    async () => {
      const child = startServer();
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const firstLine = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once('line', resolve),
      );
      expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/web$/);

      const base = firstLine.replace(/\/web$/, '');
      const signin = await fetch(`${base}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'uma@example.com' }),
      });
      expect(signin.status).toBe(200);
      const shell = await fetch(`${base}/web/home`, { headers: { accept: 'text/html' } });
      expect(shell.status).toBe(503);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    WHOLE_START_MS,
  );

  it(
    'stops cleanly on a SIGTERM sent the moment the web address is printed',
    async () => {
      // A script that starts the server and stops it as soon as it answers sends its SIGTERM then.
      const child = startServer();
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('/web\n')) child.kill('SIGTERM');
      });
      // Without our handler the signal is lost and the server runs on: this test then times out.
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM: cerrando');
    },
    WHOLE_START_MS,
  );

  it('refuses to start with a SECRET shorter than 32 bytes: one Spanish line, no stack trace', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dir, PORT: '0', SECRET: 'corto' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Configuración no válida: SECRET debe tener al menos 32 bytes (tiene 5). Genera uno con: openssl rand -base64 48\n',
    });
  });
});

describe('starting as root with the data in a folder the postgres user cannot enter', () => {
  let closed: string;
  beforeAll(async () => {
    // As a clone under /root is: only its owner may enter.
    closed = await mkdtemp(path.join(tmpdir(), 'bpm-closed-'));
    await chmod(closed, 0o700);
  });
  afterAll(async () => {
    await rm(closed, { recursive: true, force: true });
  });

  it.skipIf(process.getuid?.() !== 0)(
    'stops with a message naming the folder and the ways out, and no stack trace',
    async () => {
      const env: Record<string, string | undefined> = {
        ...process.env,
        DATA_DIR: path.join(closed, 'data'),
        PORT: '0',
      };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

      expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      expect(stderr).toBe(
        [
          'No se puede arrancar la base de datos integrada.',
          'La aplicación se ejecuta como root, así que PostgreSQL corre como el usuario «postgres», y ese usuario no llega a:',
          `- los datos (DATA_DIR, ${path.join(closed, 'data')}): no puede entrar en ${closed} (permisos 700)`,
          'Cualquiera de estas salidas lo resuelve:',
          '1. Instalar la aplicación y poner DATA_DIR en carpetas que el usuario postgres pueda recorrer, por ejemplo la aplicación en /opt/boton-de-panico y DATA_DIR=/var/lib/boton-de-panico.',
          '2. Ejecutarla como un usuario normal, no como root.',
          '3. Usar un PostgreSQL propio: DATABASE_URL=postgres://usuario:clave@servidor:5432/base.',
          '',
        ].join('\n'),
      );
    },
  );
});
