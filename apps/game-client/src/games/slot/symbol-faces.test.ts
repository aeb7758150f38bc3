import { describe, expect, it } from 'vitest';
import { publicSlotConfig, SLOT_CONFIGS } from '@bp/games';
import { symbolFaces } from './symbol-faces';

describe('slot symbol faces', () => {
  it('gives every symbol of every engine configuration a face, distinct within the configuration', () => {
    for (const cfg of SLOT_CONFIGS.map(publicSlotConfig)) {
      const faces = symbolFaces(cfg.theme, cfg.symbols);
      expect(faces.size, cfg.id).toBe(cfg.symbols.length);
      const looks = cfg.symbols.map((s) => {
        const f = faces.get(s.id)!;
        return `${f.face}|${f.face === 'text' ? f.label : ''}|${f.color}`;
      });
      expect(new Set(looks).size, `${cfg.id}: ${looks.join(', ')}`).toBe(looks.length);
      for (const s of cfg.symbols) {
        if (s.wild) expect(faces.get(s.id)!.face).toBe('wild');
        if (s.scatter) expect(faces.get(s.id)!.face).toBe('scatter');
      }
    }
  });
  it('names card ranks by their letter', () => {
    const faces = symbolFaces('x', [{ id: 'A' }, { id: 'king' }, { id: '10' }]);
    expect([...faces.values()].map((f) => f.label)).toEqual(['A', 'K', '10']);
  });
});
