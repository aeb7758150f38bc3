// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { useModalStore } from '../../../shared/ui/modal-store';
import { useAppStore } from '../../../shared/store/app-store';

const login = vi.fn();
const slider = vi.fn();
vi.mock('../api/session', () => ({ login: (b: unknown) => login(b) }));
vi.mock('./slider', () => ({ requestSliderToken: () => slider() }));

const { attemptLogin, finishLogin } = await import('./login-flow');

const value = {
  token: 'tok-abcdefghijklmnop',
  id: 5,
  userName: 'demo01',
  customerType: 0,
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
  expiresAt: '2030-01-01T00:00:00Z',
};

describe('login flow', () => {
  beforeEach(() => {
    login.mockReset();
    slider.mockReset();
    sessionStorage.clear();
    useModalStore.setState({ stack: [] });
  });

  it('asks for the slider before a username login and sends its token', async () => {
    slider.mockResolvedValue('slide-1');
    login.mockResolvedValue(value);
    const out = await attemptLogin({ type: 'username', username: ' demo01 ', password: 'pw' });
    expect(out).toEqual({ kind: 'ok', value });
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'demo01', sliderToken: 'slide-1' }),
    );
  });

  it('skips the slider for SMS logins and stops when the slider is closed', async () => {
    login.mockResolvedValue(value);
    await attemptLogin({ type: 'sms', username: '1712345678', password: '123456' });
    expect(slider).not.toHaveBeenCalled();
    slider.mockResolvedValue(null);
    expect(await attemptLogin({ type: 'username', username: 'a', password: 'b' })).toEqual({
      kind: 'cancelled',
    });
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('sorts failures: captcha flag, new-IP verification, plain errors', async () => {
    slider.mockResolvedValue('s');
    login.mockRejectedValueOnce(new ApiError('login_failed', 'x', 401, { captcha: true }));
    expect(await attemptLogin({ type: 'username', username: 'a', password: 'b' })).toMatchObject({
      kind: 'error',
      captcha: true,
    });
    login.mockRejectedValueOnce(
      new ApiError('login_verify_required', 'x', 403, { ticket: 't'.repeat(20), methods: ['SMS', 'TOTP'] }),
    );
    expect(await attemptLogin({ type: 'username', username: 'a', password: 'b' })).toEqual({
      kind: 'verify',
      ticket: 't'.repeat(20),
      methods: ['SMS', 'TOTP'],
    });
    login.mockRejectedValueOnce(new ApiError('error_not_agent', 'x', 403));
    expect(
      await attemptLogin({ type: 'username', username: 'a', password: 'b', agentLogin: true }),
    ).toMatchObject({
      kind: 'error',
      captcha: false,
    });
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ agentLogin: true }));
  });

  it('stores the session and forces the password change, except after an SMS login', () => {
    finishLogin({ ...value, mustChangePassword: true }, { type: 'username', password: 'old' });
    expect(sessionStorage.getItem('token')).toBe(value.token);
    expect(useAppStore.getState().token).toBe(value.token);
    expect(useModalStore.getState().stack).toMatchObject([
      { id: 'changePassword', props: { forced: true, knownOldPassword: 'old' } },
    ]);
    useModalStore.setState({ stack: [] });
    finishLogin({ ...value, passwordExpired: true }, { type: 'sms' });
    expect(useModalStore.getState().stack).toEqual([]);
  });
});
