import type { TPopup } from '@bp/contract';
import { STORAGE_KEYS } from '../../../shared/store/persist';

export interface Audience {
  isLogin: boolean;
  firstTimeLogin: boolean;
}

/** A: logged-in users; B: anonymous visitors; F: logged-in users on their first login (SPEC §4). */
export function popupsFor(popups: readonly TPopup[], a: Audience): TPopup[] {
  return popups.filter((p) =>
    p.execution === 'B' ? !a.isLogin : p.execution === 'A' ? a.isLogin : a.isLogin && a.firstTimeLogin,
  );
}

/** Separate "closed" marks for users and anonymous visitors, so logging in shows the member popups. */
export const popupClosedKey = (isLogin: boolean) =>
  isLogin ? STORAGE_KEYS.popupClosedUser : STORAGE_KEYS.popupClosedAnon;
