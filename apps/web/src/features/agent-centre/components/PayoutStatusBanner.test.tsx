// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAgentPayoutStatus } from '@bp/contract';
import en from '../../../locales/en.json';
import { i18n, initI18n } from '../../../shared/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { PayoutStatusBanner } from './PayoutStatusBanner';

function show(status: TAgentPayoutStatus) {
  const fetch = vi.fn(
    async (_url: string) => new Response(JSON.stringify({ success: true, value: status }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PayoutStatusBanner />
    </QueryClientProvider>,
  );
  /** the status has arrived (and the banner rendered from it) */
  const answered = () =>
    vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
  return { fetch, answered };
}

describe('payout status banner', () => {
  beforeAll(async () => {
    await initI18n('en');
    i18n.addResourceBundle('en', 'agent', en.agent, true, true);
    useAppStore.setState({ token: 'agent-token', currencySymbol: '৳' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what is owed and that withdrawals and transfers are frozen', async () => {
    const { fetch } = show({ owed: '1234.50', count: 2, frozen: true, held: false });
    const banner = await screen.findByTestId('payout-freeze-banner');
    expect(banner.textContent).toContain('Withdrawals and transfers are frozen');
    expect(banner.textContent).toContain('You owe your downlines ৳1,234.50 from 2 payouts');
    expect(banner.getAttribute('data-owed')).toBe('1234.50');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/wps/agent/payoutStatus');
    expect(screen.queryByTestId('payout-held-banner')).toBeNull();
  });

  it('says when an operator holds the payouts', async () => {
    show({ owed: '0.00', count: 0, frozen: false, held: true });
    expect((await screen.findByTestId('payout-held-banner')).textContent).toContain('on hold');
    expect(screen.queryByTestId('payout-freeze-banner')).toBeNull();
  });

  it('shows nothing while nothing is owed or held', async () => {
    await show({ owed: '0.00', count: 0, frozen: false, held: false }).answered();
    expect(screen.queryByTestId('payout-freeze-banner')).toBeNull();
    expect(screen.queryByTestId('payout-held-banner')).toBeNull();
  });
});
