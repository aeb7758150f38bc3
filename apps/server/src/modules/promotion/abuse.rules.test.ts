import { describe, expect, it } from 'vitest';
import { deviceKindOf, fingerprintsOf } from './abuse.rules.js';

describe('deviceKindOf', () => {
  it('tells the app, a mobile browser and a desktop browser apart by the user agent', () => {
    expect(
      deviceKindOf('Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Version/4.0 Chrome/126'),
    ).toBe('APP');
    expect(deviceKindOf('okhttp/4.12.0')).toBe('APP');
    expect(deviceKindOf('MyCasino/3 CFNetwork/1494 Darwin/23.4.0')).toBe('APP');
    expect(
      deviceKindOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1'),
    ).toBe('MOBILE');
    expect(deviceKindOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36')).toBe(
      'MOBILE',
    );
    expect(deviceKindOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126 Safari/537.36')).toBe('WEB');
    expect(deviceKindOf(null)).toBe('WEB');
  });
});

describe('fingerprintsOf', () => {
  const facts = { ip: '10.0.0.2', registeredIp: '10.0.0.1', deviceId: 'dev-b', firstDeviceId: 'dev-a' };
  it('takes the addresses and devices the promotion limits, distinct and in a fixed order', () => {
    expect(fingerprintsOf({ onePerIp: true, onePerDevice: true }, facts)).toEqual([
      { kind: 'DEVICE', value: 'dev-a' },
      { kind: 'DEVICE', value: 'dev-b' },
      { kind: 'IP', value: '10.0.0.1' },
      { kind: 'IP', value: '10.0.0.2' },
    ]);
    expect(
      fingerprintsOf({ onePerIp: true, onePerDevice: false }, { ...facts, registeredIp: '10.0.0.2' }),
    ).toEqual([{ kind: 'IP', value: '10.0.0.2' }]);
    expect(
      fingerprintsOf(
        { onePerIp: false, onePerDevice: true },
        { ...facts, deviceId: null, firstDeviceId: ' ' },
      ),
    ).toEqual([]);
    expect(fingerprintsOf({ onePerIp: false, onePerDevice: false }, facts)).toEqual([]);
  });
});
