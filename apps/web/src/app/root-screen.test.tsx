// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../shared/i18n';
import { App } from './App';

const status = (maintenance: boolean, regionRestriction: boolean) => ({
  maintenance,
  regionRestriction,
  status: maintenance ? 1 : regionRestriction ? 2 : 0,
  location: { ip: '198.51.100.23', countryCode: 'BD' },
  maintenanceInfo: null,
  info: {
    merchant: {
      code: 'demo',
      name: 'Demo',
      currency: 'BDT',
      currencySymbol: '৳',
      currencyDecimals: 2,
      languages: ['BN', 'EN'],
      defaultLanguage: 'BN',
      theme: 'dark',
      timeZone: 'Asia/Dhaka',
      logoUrl: null,
      copyright: '© Demo',
      socialLinks: [],
    },
    customerService: [],
    domainRoute: [],
    resources: [],
    whitelabel: [],
    register: {},
    mainDomain: 'localhost',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
  },
});

function serve(value: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, value }), { status: 200 })),
  );
}

describe('root screen by system status', () => {
  beforeAll(async () => {
    await initI18n('bn');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the maintenance screen with the customer-service button (maintenance wins)', async () => {
    serve(status(true, true));
    render(<App />);
    expect(await screen.findByTestId('maintenance-screen')).toBeTruthy();
    expect(screen.getByText('সিস্টেম রক্ষণাবেক্ষণ')).toBeTruthy();
    expect(screen.getByTestId('cs-button')).toBeTruthy();
    expect(screen.queryByTestId('region-block-screen')).toBeNull();
  });

  it('shows the region-block screen with the visitor IP', async () => {
    serve(status(false, true));
    render(<App />);
    expect(await screen.findByTestId('region-block-screen')).toBeTruthy();
    expect(screen.getByTestId('visitor-ip').textContent).toBe('198.51.100.23');
    expect(document.documentElement.lang).toBe('bn');
  });
});
