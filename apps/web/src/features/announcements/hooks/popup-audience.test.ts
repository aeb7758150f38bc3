import type { TPopup } from '@bp/contract';
import { describe, expect, it } from 'vitest';
import { popupClosedKey, popupsFor } from './popup-audience';

const p = (id: number, execution: TPopup['execution']): TPopup => ({
  id,
  title: `t${id}`,
  content: '',
  promotionType: null,
  execution,
});
const all = [p(1, 'A'), p(2, 'B'), p(3, 'F')];
const ids = (xs: TPopup[]) => xs.map((x) => x.id);

describe('popupsFor', () => {
  it('shows B to anonymous visitors only', () => {
    expect(ids(popupsFor(all, { isLogin: false, firstTimeLogin: false }))).toEqual([2]);
  });
  it('shows A to logged-in users and F only on a first login', () => {
    expect(ids(popupsFor(all, { isLogin: true, firstTimeLogin: false }))).toEqual([1]);
    expect(ids(popupsFor(all, { isLogin: true, firstTimeLogin: true }))).toEqual([1, 3]);
  });
  it('keeps separate closed keys', () => {
    expect(popupClosedKey(true)).toBe('popupClosed_user');
    expect(popupClosedKey(false)).toBe('popupClosed_anon');
  });
});
