/**
 * Reads `#ticket=...&provider=...` (or `#error=...`) that the server's social callback put in the
 * fragment, and removes it from the address bar so the one-time ticket is not bookmarked or shared.
 */
export function takeSocialFragment(): {
  ticket: string | null;
  provider: string | null;
  error: string | null;
} {
  const h = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const ticket = h.get('ticket');
  const out = {
    ticket: ticket && /^[A-Za-z0-9_-]{16,128}$/.test(ticket) ? ticket : null,
    provider: h.get('provider'),
    error: h.get('error'),
  };
  if (window.location.hash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return out;
}
