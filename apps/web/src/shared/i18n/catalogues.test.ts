import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EAGER_NAMESPACES, LAZY_NAMESPACES } from './catalogues';

const bn = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../locales/bn.json'), 'utf8'),
) as Record<string, unknown>;

describe('Bengali catalogue split', () => {
  it('puts every namespace of bn.json in exactly one of the eager and lazy lists', () => {
    const listed = [...EAGER_NAMESPACES, ...LAZY_NAMESPACES];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(bn).sort());
  });
});
