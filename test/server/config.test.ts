import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#server/config.ts';

/** Any 32 bytes will do for tests. */
const SECRET = 'a-test-secret-of-at-least-32-bytes!';

describe('server configuration', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bpm-config-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('starts on 127.0.0.1:8080 with files under ./data when nothing is set', () => {
    const config = parseConfig({ SECRET }, dir);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8080',
      dataDir: path.join(dir, 'data'),
      buildDir: path.join(dir, 'build'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Botón de Pánico Migratorio <no-responder@localhost>',
      trustProxy: false,
    });
    expect(config.rateLimits.codesPerAddress).toEqual({ limit: 5, windowMs: 3_600_000 });
    expect([
      config.rateLimits.invitesPerAccountHour,
      config.rateLimits.invitesPerAccountDay,
      config.rateLimits.invitesPerAddress,
    ]).toEqual([
      { limit: 10, windowMs: 3_600_000 },
      { limit: 30, windowMs: 86_400_000 },
      { limit: 3, windowMs: 86_400_000 },
    ]);
  });

  it('follows the environment, trimming a trailing slash from the public address', () => {
    const config = parseConfig(
      { PORT: '9000', HOST: '0.0.0.0', PUBLIC_URL: 'https://sos.example.org/', SECRET, RATE_LIMIT_VERIFY_PER_IP: '7' },
      dir,
    );
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', publicUrl: 'https://sos.example.org' });
    expect(config.rateLimits.verifyPerIp.limit).toBe(7);
    const invites = parseConfig(
      {
        SECRET,
        RATE_LIMIT_INVITES_PER_HOUR: '4',
        RATE_LIMIT_INVITES_PER_DAY: '12',
        RATE_LIMIT_INVITES_PER_ADDRESS: '1',
      },
      dir,
    ).rateLimits;
    expect([
      invites.invitesPerAccountHour.limit,
      invites.invitesPerAccountDay.limit,
      invites.invitesPerAddress.limit,
    ]).toEqual([4, 12, 1]);
  });

  it('refuses a port that is not a number, in Spanish', () => {
    expect(() => parseConfig({ PORT: 'ocho', SECRET }, dir)).toThrow(/PORT debe ser un número/);
  });

  it('takes a tag manager container id, and refuses anything else in Spanish (it goes into a script address)', () => {
    expect(parseConfig({ GTM_ID: ' GTM-ABC1234 ', SECRET }, dir).gtmId).toBe('GTM-ABC1234');
    expect(parseConfig({ SECRET }, dir).gtmId).toBeUndefined();
    expect(() => parseConfig({ GTM_ID: 'GTM-1"><script>', SECRET }, dir)).toThrow(/GTM_ID debe ser el identificador/);
  });

  it("names the firm 'IAD' unless FIRM_NAME says otherwise, and refuses a name that is not one line", () => {
    expect(parseConfig({ SECRET }, dir).firmName).toBe('IAD');
    expect(parseConfig({ FIRM_NAME: ' Ayuda Legal Hispana ', SECRET }, dir).firmName).toBe('Ayuda Legal Hispana');
    expect(() => parseConfig({ FIRM_NAME: 'A\nB', SECRET }, dir)).toThrow(/FIRM_NAME debe ser un nombre/);
    expect(() => parseConfig({ FIRM_NAME: 'x'.repeat(61), SECRET }, dir)).toThrow(/FIRM_NAME debe ser un nombre/);
  });

  it('escalates an unattended alert to the desk after 2 minutes unless DESK_ESCALATE_MINUTES or _SECONDS says otherwise', () => {
    expect(parseConfig({ SECRET }, dir).deskEscalation).toEqual({ afterMs: 2 * 60_000, pollMs: 5_000 });
    expect(parseConfig({ SECRET, DESK_ESCALATE_MINUTES: '10' }, dir).deskEscalation.afterMs).toBe(10 * 60_000);
    expect(() => parseConfig({ SECRET, DESK_ESCALATE_MINUTES: '0' }, dir)).toThrow(
      /DESK_ESCALATE_MINUTES debe ser al menos 1 minuto/,
    );
    expect(parseConfig({ SECRET, DESK_ESCALATE_SECONDS: '5' }, dir).deskEscalation).toEqual({
      afterMs: 5_000,
      pollMs: 5_000,
    });
    expect(() => parseConfig({ SECRET, DESK_ESCALATE_SECONDS: '0' }, dir)).toThrow(
      /DESK_ESCALATE_SECONDS debe ser al menos 1 segundo/,
    );
    expect(() => parseConfig({ SECRET, DESK_ESCALATE_SECONDS: '5', DESK_ESCALATE_MINUTES: '1' }, dir)).toThrow(
      /DESK_ESCALATE_MINUTES y DESK_ESCALATE_SECONDS no pueden usarse a la vez/,
    );
  });

  it('keeps the position of an ended alert 30 days unless POSITION_RETENTION_DAYS says otherwise', () => {
    expect(parseConfig({ SECRET }, dir).positionRetentionDays).toBe(30);
    expect(parseConfig({ SECRET, POSITION_RETENTION_DAYS: '7' }, dir).positionRetentionDays).toBe(7);
    expect(parseConfig({ SECRET, POSITION_RETENTION_DAYS: '0' }, dir).positionRetentionDays).toBe(0);
    expect(() => parseConfig({ SECRET, POSITION_RETENTION_DAYS: 'un mes' }, dir)).toThrow(
      /POSITION_RETENTION_DAYS debe ser un número/,
    );
  });

  it('makes a secret once, readable only by its owner, and keeps it across restarts', async () => {
    const first = parseConfig({ DATA_DIR: 'd' }, dir).secret;
    const file = path.join(dir, 'd', 'secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect(parseConfig({ DATA_DIR: 'd' }, dir).secret).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses a SECRET shorter than 32 bytes, in Spanish, and says how to make one', () => {
    expect(() => parseConfig({ SECRET: 'corto' }, dir)).toThrow(ConfigError);
    expect(() => parseConfig({ SECRET: 'x'.repeat(31) }, dir)).toThrow(
      'SECRET debe tener al menos 32 bytes (tiene 31). Genera uno con: openssl rand -base64 48',
    );
    expect(parseConfig({ SECRET: 'x'.repeat(32) }, dir).secret).toBe('x'.repeat(32));
  });

  it('refuses a secret file that is empty or short rather than keying everything with it', async () => {
    const data = path.join(dir, 'd');
    parseConfig({ DATA_DIR: 'd' }, dir);
    await writeFile(path.join(data, 'secret'), '\n');
    expect(() => parseConfig({ DATA_DIR: 'd' }, dir)).toThrow(
      /secreto de .*secret debe tener al menos 32 bytes \(tiene 0\)/,
    );
  });
});
