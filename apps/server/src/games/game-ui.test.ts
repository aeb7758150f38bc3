import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installGameUi } from './game-ui.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-gs-ui-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the game iframe pages', () => {
  it('serves index.html for /gs/play/ and /gs/verify/ and the hashed assets', async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>game</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = Fastify();
    await installGameUi(app, dir);
    for (const url of ['/gs/play/?t=abc&lang=bn', '/gs/verify/?round=gs1']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>game</title>');
    }
    const asset = await app.inject({ url: '/gs/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await app.close();
  });

  it('answers a clear 503 when the UI is not built', async () => {
    const app = Fastify();
    await installGameUi(app, path.join(dir, 'missing'));
    const res = await app.inject({ url: '/gs/play/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('not built');
    await app.close();
  });
});
