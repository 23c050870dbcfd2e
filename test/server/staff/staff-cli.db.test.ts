import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedServer } from '#server/db/embedded-postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
/** Each run is a new Node process compiling TypeScript: seconds on a busy machine. */
const SLOW = { timeout: 120_000 };

type Outcome = { code: number; stdout: string; stderr: string };

/** `npm run staff -- <args>` as the operator runs it: its own process, the environment of `npm start`. */
async function staffCli(args: string[], env: Record<string, string>): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SECRET: 'cli-test-secret-not-for-production-32-bytes',
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function staffRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; role: string; removed: boolean }>(
      'select email, role, removed_at is not null as removed from staff order by email',
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('npm run staff', () => {
  describe('with DATABASE_URL', () => {
    let database: TestDatabase;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = await mkdtemp(path.join(tmpdir(), 'bpm-staff-cli-'));
    });
    afterAll(async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('adds, lists and removes staff, in Spanish, and refuses what it cannot understand', SLOW, async () => {
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
      const added = await staffCli(['add', 'Jefa@Firma.org', '--role', 'admin'], env);
      expect(added).toEqual({
        code: 0,
        stdout:
          'Listo: jefa@firma.org es admin del escritorio.\nPara entrar, abre http://localhost:8080/web/desk, escribe el correo y pide el código: con él se registra la llave de acceso.\n',
        stderr: '',
      });
      expect((await staffCli(['add', 'luis@firma.org', '--role=responder'], env)).code).toBe(0);
      expect(await staffCli(['list'], env)).toEqual({
        code: 0,
        stdout: 'jefa@firma.org  admin\nluis@firma.org  responder\n',
        stderr: '',
      });

      const badRole = await staffCli(['add', 'ana@firma.org', '--role', 'jefe'], env);
      expect(badRole.code).toBe(2);
      expect(badRole.stderr).toMatch(/^Elige un rol: responder o admin\.\n\nUso:/);
      const badEmail = await staffCli(['remove', 'no-es-un-correo'], env);
      expect(badEmail.code).toBe(2);
      expect(badEmail.stderr).toMatch(/correo/i);

      expect(await staffCli(['remove', 'luis@firma.org'], env)).toEqual({
        code: 0,
        stdout: 'Listo: luis@firma.org ya no está en el equipo. Sus sesiones se cerraron.\n',
        stderr: '',
      });
      expect(await staffCli(['remove', 'luis@firma.org'], env)).toEqual({
        code: 1,
        stdout: '',
        stderr: 'luis@firma.org no está en el equipo.\n',
      });
      expect(await staffRows(database.url)).toEqual([
        { email: 'jefa@firma.org', role: 'admin', removed: false },
        { email: 'luis@firma.org', role: 'responder', removed: true },
      ]);
    });
  });

  describe('with the embedded PostgreSQL of DATA_DIR', () => {
    let dataDir: string;
    let server: EmbeddedServer | undefined;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'bpm-staff-cli-pg-'));
    });
    afterAll(async () => {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it(
      'starts it when no server runs, and joins the one a running server holds without stopping it',
      SLOW,
      async () => {
        const env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://ayuda.firma.org' };
        const alone = await staffCli(['add', 'jefa@firma.org', '--role', 'admin'], env);
        expect(alone.stdout).toContain('abre https://ayuda.firma.org/web/desk');
        expect(alone.code).toBe(0);

        // What `npm start` holds while it runs.
        server = await startEmbeddedPostgres(dataDir);
        const joined = await staffCli(['add', 'luis@firma.org', '--role', 'responder'], env);
        expect(joined.code).toBe(0);
        expect(await staffRows(server.url)).toEqual([
          { email: 'jefa@firma.org', role: 'admin', removed: false },
          { email: 'luis@firma.org', role: 'responder', removed: false },
        ]);
        // The server's PostgreSQL still answers: the CLI did not stop it to start its own.
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      },
    );
  });
});
