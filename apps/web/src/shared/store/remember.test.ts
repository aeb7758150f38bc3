// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetRemembered, readRemembered, remember } from './remember';

describe('remember password cookies', () => {
  afterEach(() => forgetRemembered());

  it('stores and reads back username and password, then clears them', () => {
    expect(readRemembered()).toBeNull();
    remember('demo01', 'p@ss; =word');
    expect(readRemembered()).toEqual({ username: 'demo01', password: 'p@ss; =word' });
    forgetRemembered();
    expect(readRemembered()).toBeNull();
  });
});
