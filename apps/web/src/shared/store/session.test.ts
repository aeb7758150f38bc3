// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store';
import { adoptTokenFromUrl, applyMember, clearSession, startSession } from './session';

describe('session store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    clearSession();
  });

  it('stores the token, then logs in when member info arrives, with agent and trial flags', () => {
    startSession({ token: 'tok123', id: 7, userName: 'agent01', customerType: 1, firstTimeLogin: true });
    expect(sessionStorage.getItem('token')).toBe('tok123');
    expect(sessionStorage.getItem('customerId')).toBe('7');
    expect(useAppStore.getState()).toMatchObject({ token: 'tok123', isLogin: false });
    applyMember({ id: 7, account: 'agent01', nickname: null, type: 41, vipLabel: 'VIP0' });
    expect(useAppStore.getState()).toMatchObject({
      isLogin: true,
      isAgent: true,
      isTrial: false,
      firstTimeLogin: true,
    });
    applyMember({ id: 8, account: 'trial_1', nickname: null, type: 4, vipLabel: null });
    expect(useAppStore.getState()).toMatchObject({ isAgent: false, isTrial: true });
  });

  it('logout clears session storage but keeps the merchant code', () => {
    sessionStorage.setItem('merchantCode', 'demobdt');
    startSession({ token: 'tok123' });
    applyMember({ id: 1, account: 'demo01', nickname: 'D', type: 0, vipLabel: null });
    clearSession();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('account')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('demobdt');
    expect(useAppStore.getState()).toMatchObject({
      token: null,
      isLogin: false,
      isAgent: false,
      member: null,
    });
  });

  it('adopts ?token= from the URL and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/?token=abcdefghijklmnop1234&x=1#h');
    expect(adoptTokenFromUrl()).toBe(true);
    expect(sessionStorage.getItem('token')).toBe('abcdefghijklmnop1234');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#h');
    window.history.replaceState(null, '', '/?token=%3Cscript%3E');
    expect(adoptTokenFromUrl()).toBe(false);
  });
});
