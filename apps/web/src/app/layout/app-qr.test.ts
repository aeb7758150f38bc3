import { describe, expect, it } from 'vitest';
import { appDownloadUrl } from './AppQr';

describe('app-download QR URL', () => {
  it('carries the language and the token', () => {
    expect(appDownloadUrl('https://x.test', 'BN', 'tok')).toBe(
      'https://x.test/m/appDownload?language=BN&tokens=tok',
    );
  });
  it('sends an empty token when logged out', () => {
    expect(appDownloadUrl('https://x.test', 'EN', null)).toBe(
      'https://x.test/m/appDownload?language=EN&tokens=',
    );
  });
});
