import type { TGameLane, TGameType, TGameVendorCard } from '@bp/contract';
import { describe, expect, it } from 'vitest';
import { cutVendors, lobbyLanes, menuKeys, pageCount, pageOf, prizeMode, sectionKeys } from './lobby-menu';

const card = (vassalage: string, gameType: TGameType): TGameVendorCard => ({
  vassalage,
  displayName: vassalage,
  lagerIcon: '',
  smallIcon: '',
  mobileSmallIcon: '',
  mobileLargeIcon: '',
  h5Icon: '',
  gameType,
  gameCount: 1,
  nodeId: 1,
  isGame: 'VASSALAGE',
  gameCode: null,
  status: 'active',
});
const lane = (title: TGameType, ...cards: TGameVendorCard[]): TGameLane => ({
  title,
  gameClassify: [],
  cards,
});

describe('lobby lanes', () => {
  it('moves esports and cockfight cards out of SPORTS, right after it', () => {
    const lanes = lobbyLanes([
      lane('RNG', card('PG', 'RNG')),
      lane('SPORTS', card('SABA', 'SPORTS'), card('SV3', 'COCKFIGHT'), card('IMES', 'ESPORTS')),
      lane('PVP', card('JL', 'PVP')),
    ]);
    expect(lanes.map((l) => [l.title, l.cards.map((c) => c.vassalage)])).toEqual([
      ['RNG', ['PG']],
      ['SPORTS', ['SABA']],
      ['ESPORTS', ['IMES']],
      ['COCKFIGHT', ['SV3']],
      ['PVP', ['JL']],
    ]);
  });

  it('keeps lanes the server already split after SPORTS and drops empty categories', () => {
    const lanes = lobbyLanes([
      lane('COCKFIGHT', card('SV3', 'COCKFIGHT')),
      lane('LIVE'),
      lane('SPORTS', card('SABA', 'SPORTS')),
      lane('ESPORTS', card('IMES', 'ESPORTS')),
      lane('LOTT', card('LOTT', 'LOTT')),
    ]);
    expect(lanes.map((l) => l.title)).toEqual(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT']);
  });
});

describe('game menu', () => {
  it('is HOME, FAV, the categories, with MXWIN before SPORTS', () => {
    const lanes = lobbyLanes([
      lane('RNG', card('PG', 'RNG')),
      lane('LIVE', card('EVO', 'LIVE')),
      lane('SPORTS', card('SABA', 'SPORTS'), card('IMES', 'ESPORTS')),
      lane('LOTT', card('LOTT', 'LOTT')),
    ]);
    expect(menuKeys(lanes)).toEqual(['HOME', 'FAV', 'RNG', 'LIVE', 'MXWIN', 'SPORTS', 'ESPORTS', 'LOTT']);
  });

  it('puts MXWIN last when there is no sports category', () => {
    expect(menuKeys([lane('RNG', card('PG', 'RNG'))])).toEqual(['HOME', 'FAV', 'RNG', 'MXWIN']);
  });
});

describe('home sections', () => {
  const lanes = [lane('RNG', card('PG', 'RNG')), lane('SPORTS', card('SABA', 'SPORTS'))];
  it('lists HOT, FAV only when logged in, each category, then MXWIN', () => {
    expect(sectionKeys(lanes, 'HOME', true)).toEqual(['HOT', 'FAV', 'RNG', 'SPORTS', 'MXWIN']);
    expect(sectionKeys(lanes, 'HOME', false)).toEqual(['HOT', 'RNG', 'SPORTS', 'MXWIN']);
  });
  it('shows only the chosen entry otherwise', () => {
    expect(sectionKeys(lanes, 'RNG', false)).toEqual(['RNG']);
    expect(sectionKeys(lanes, 'MXWIN', true)).toEqual(['MXWIN']);
  });
});

describe('cuts and pages', () => {
  const many = Array.from({ length: 30 }, (_, i) => i);
  it('cuts RNG vendors to 10 and other sections to 5 on the lobby, not when the category is chosen', () => {
    expect(cutVendors('RNG', many, false)).toHaveLength(10);
    expect(cutVendors('LIVE', many, false)).toHaveLength(5);
    expect(cutVendors('LIVE', many.slice(0, 3), false)).toHaveLength(3);
    expect(cutVendors('RNG', many, true)).toHaveLength(30);
  });
  it('pages a full list and clamps the page', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(25, 12)).toBe(3);
    expect(pageOf(many, 3, 12)).toEqual([24, 25, 26, 27, 28, 29]);
    expect(pageOf(many, 9, 12)).toEqual([24, 25, 26, 27, 28, 29]);
    expect(pageOf(many, 0, 12)).toEqual(many.slice(0, 12));
  });
});

describe('prize mode', () => {
  it('is ELOTT when the ELOTT category has a Vietnamese lotto card', () => {
    expect(prizeMode([lane('ELOTT', card('TCG_LOTTO_VN', 'ELOTT'))])).toBe('ELOTT');
    expect(prizeMode([lane('ELOTT', card('XX', 'ELOTT'))])).toBe('LOTT');
    expect(prizeMode([])).toBe('LOTT');
  });
});
