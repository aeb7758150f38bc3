import { ERROR_CODES } from '@bp/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, Record<string, unknown>>;

const dir = dirname(fileURLToPath(import.meta.url));
const load = (lng: string): Catalogue =>
  JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8')) as Catalogue;
const keys = (c: Catalogue) =>
  Object.entries(c).flatMap(([ns, entries]) => Object.keys(entries).map((k) => `${ns}:${k}`));

const bn = load('bn');
const others = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'bn.json')
  .map((f) => f.replace(/\.json$/, ''));

describe('locale catalogues', () => {
  it('ship English next to the Bengali default', () => {
    expect(others).toContain('en');
  });

  it.each(others)('%s has exactly the keys of bn', (lng) => {
    const a = new Set(keys(bn));
    const b = new Set(keys(load(lng)));
    expect(
      [...a].filter((k) => !b.has(k)),
      `missing in ${lng}`,
    ).toEqual([]);
    expect(
      [...b].filter((k) => !a.has(k)),
      `missing in bn`,
    ).toEqual([]);
  });

  it.each(['bn', ...others])('%s has no empty or non-string values', (lng) => {
    const bad = Object.entries(load(lng)).flatMap(([ns, entries]) =>
      Object.entries(entries)
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => `${ns}:${k}`),
    );
    expect(bad).toEqual([]);
  });

  it('bn is written in Bengali script, not transliterated', () => {
    const texts = Object.values(bn).flatMap((e) => Object.values(e) as string[]);
    const bengali = texts.filter((s) => /[\u0980-\u09FF]/.test(s));
    expect(bengali.length / texts.length).toBeGreaterThan(0.9);
  });

  it('translates every error code of the contract', () => {
    const errors = bn.errors ?? {};
    expect(ERROR_CODES.filter((c) => !(c in errors))).toEqual([]);
  });
});
