// GET/PUT /api/settings (beyond the spec): settings that follow a logged-in player. Real app,
// real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsValues } from '../../contract/settings';
import { Client, registerPlayer, solveBotCheck, startApp, testDatabases, type TestApp } from './helpers';

const changed = (): SettingsValues => ({
  ...DEFAULT_SETTINGS, fov: 101, masterVolume: 35, invertY: true, 'region-v2': 'frankfurt',
  keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2, moveForward: 273 },
});

describe.each(testDatabases())('account settings on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  it('refuses anonymous callers', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/api/settings')).statusCode).toBe(401);
    expect((await anonymous.put('/api/settings', DEFAULT_SETTINGS)).statusCode).toBe(401);
  });

  it('answers null before the first save, then the saved copy, on any session of the player', async () => {
    const { client, username, password } = await registerPlayer(t.app);
    expect((await client.get('/api/settings')).json()).toEqual({ settings: null, updatedAt: null, languageChosen: false });

    const saved = await client.put('/api/settings', changed());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual(changed());
    expect(Date.parse(saved.json().updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    // A second device: a fresh session of the same player.
    const other = new Client(t.app);
    const login = await other.post('/api/login', { username, password, turnstile_token: await solveBotCheck(t.app) });
    expect(login.statusCode).toBe(200);
    const read = await other.get('/api/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json().settings).toEqual(changed());

    // A later save replaces the whole copy.
    await other.put('/api/settings', { ...changed(), fov: 60 });
    expect((await client.get('/api/settings')).json().settings.fov).toBe(60);
  });

  it('answers 400 to bad bodies and keeps the saved copy unchanged', async () => {
    const { client } = await registerPlayer(t.app);
    await client.put('/api/settings', changed());
    const bad: unknown[] = [
      { ...changed(), fov: 500 },                      // out of range
      { ...changed(), mouseSensitivity: 1.234 },       // off the step grid
      { ...changed(), theme: '' },                     // not an option
      { ...changed(), invertY: 'yes' },                // wrong type
      { ...changed(), cheats: true },                  // unknown setting
      (({ fov: _fov, ...rest }) => rest)(changed()),   // a setting missing
      { ...changed(), keyBindingsV2: { jump: -5 } },   // bad key code
      [], 'settings', null,
    ];
    for (const body of bad) {
      const r = await client.request({ method: 'PUT', url: '/api/settings', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json()).toHaveProperty('error');
    }
    const raw = await client.request({ method: 'PUT', url: '/api/settings', payload: '{"fov":', headers: { 'content-type': 'application/json' } });
    expect(raw.statusCode).toBe(400);
    expect((await client.get('/api/settings')).json().settings).toEqual(changed());
  });

  it('never shows one player another player\'s settings', async () => {
    const alice = await registerPlayer(t.app);
    const bob = await registerPlayer(t.app);
    await alice.client.put('/api/settings', changed());
    expect((await bob.client.get('/api/settings')).json()).toEqual({ settings: null, updatedAt: null, languageChosen: false });
    await bob.client.put('/api/settings', { ...DEFAULT_SETTINGS, fov: 70 });
    expect((await alice.client.get('/api/settings')).json().settings).toEqual(changed());
    expect((await bob.client.get('/api/settings')).json().settings.fov).toBe(70);
  });

  it('reads an older copy with missing or out-of-range values as the defaults for those', async () => {
    const { client, uuid } = await registerPlayer(t.app);
    const { fov: _fov, ...old } = changed();
    await t.handle.db.insertInto('user_settings').values({ user_id: uuid, settings: JSON.stringify({ ...old, masterVolume: 400, removedSetting: 1 }) }).execute();
    const read = (await client.get('/api/settings')).json().settings;
    expect(read).toEqual({ ...changed(), fov: DEFAULT_SETTINGS.fov, masterVolume: DEFAULT_SETTINGS.masterVolume });
  });

  // The language travels only as the player's choice.
  it('stores a copy without a language as "not chosen", and a chosen one as chosen', async () => {
    const { client } = await registerPlayer(t.app);
    const { language: _none, ...unchosen } = changed();
    const saved = await client.put('/api/settings', unchosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ languageChosen: false, settings: { ...changed(), language: DEFAULT_SETTINGS.language } });
    expect((await client.get('/api/settings')).json().languageChosen).toBe(false);
    await client.put('/api/settings', { ...changed(), language: 'ja' });
    expect((await client.get('/api/settings')).json()).toMatchObject({ languageChosen: true, settings: { language: 'ja' } });
    expect((await client.put('/api/settings', { ...changed(), language: 'xx' })).statusCode).toBe(400);
    expect((await client.get('/api/settings')).json().settings.language).toBe('ja');
  });

  it('migration 014 drops the English every copy saved before the choice existed held, and keeps a chosen other language', async () => {
    const english = await registerPlayer(t.app);
    const german = await registerPlayer(t.app);
    await english.client.put('/api/settings', { ...changed(), language: 'en' });
    await german.client.put('/api/settings', { ...changed(), language: 'de' });
    const statement = readFileSync(new URL('../../server/db/migrations/014_language_choice.sql', import.meta.url), 'utf8');
    await sql.raw(statement).execute(t.handle.db);
    expect((await english.client.get('/api/settings')).json()).toMatchObject({ languageChosen: false, settings: { ...changed(), language: 'en' } });
    expect((await german.client.get('/api/settings')).json()).toMatchObject({ languageChosen: true, settings: { language: 'de' } });
  });
});
