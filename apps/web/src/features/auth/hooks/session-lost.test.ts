// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { useAppStore } from '../../../shared/store/app-store';
import { startSession } from '../../../shared/store/session';
import { isSessionLost } from './session-lost';

describe('isSessionLost', () => {
  beforeEach(() => {
    sessionStorage.clear();
    startSession({ token: 'tok-abcdefghijklmnop' });
  });

  it('ends the local session on 401 login.not.session', () => {
    expect(isSessionLost(new ApiError('login.not.session', 'x', 401, { reason: 'duplicateLogin' }))).toBe(
      true,
    );
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(useAppStore.getState().token).toBeNull();
  });

  it('leaves other failures alone', () => {
    expect(isSessionLost(new ApiError('forbidden', 'x', 403))).toBe(false);
    expect(isSessionLost(new Error('boom'))).toBe(false);
    expect(sessionStorage.getItem('token')).toBe('tok-abcdefghijklmnop');
  });
});
