type SocialFragment = { ticket: string | null; provider: string | null; error: string | null };

/** What this page load took from the address bar: a render may start over (a component suspends). */
let taken: SocialFragment | null = null;

/**
 * Reads `#ticket=...&provider=...` (or `#error=...`) that the server's social callback put in the
 * fragment, and removes it from the address bar so the one-time ticket is not bookmarked or shared.
 * Asked again without a fragment (the page's first render suspended, e.g. on its translations, and
 * React ran its state initialisers once more), it answers what the first call took.
 */
export function takeSocialFragment(): SocialFragment {
  if (!window.location.hash && taken) return taken;
  const h = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const ticket = h.get('ticket');
  const out = {
    ticket: ticket && /^[A-Za-z0-9_-]{16,128}$/.test(ticket) ? ticket : null,
    provider: h.get('provider'),
    error: h.get('error'),
  };
  if (window.location.hash) {
    taken = out;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return out;
}
