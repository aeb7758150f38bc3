// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { takeSocialFragment } from './social-ticket';

describe('takeSocialFragment', () => {
  it('takes the ticket out of the address bar, and answers it again when a render starts over', () => {
    const ticket = 'Tk_0123456789abcdefXYZ';
    window.history.replaceState(null, '', `/social/bind#ticket=${ticket}&provider=google`);
    expect(takeSocialFragment()).toEqual({ ticket, provider: 'google', error: null });
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/social/bind');
    // the page's first render suspended: its state initialiser runs once more, the fragment is gone
    expect(takeSocialFragment()).toEqual({ ticket, provider: 'google', error: null });
  });

  it('refuses a malformed ticket and reads an error', () => {
    window.history.replaceState(null, '', '/social/bind#ticket=short&error=social_denied');
    expect(takeSocialFragment()).toEqual({ ticket: null, provider: null, error: 'social_denied' });
    expect(window.location.hash).toBe('');
  });
});
