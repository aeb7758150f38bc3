import { describe, expect, it } from 'vitest';
import { escapeHtml, fromHeader, maskSecrets, redactUrl } from './mail.rules.js';

describe('mail rules', () => {
  it('masks every occurrence of every secret, longest first', () => {
    const link = 'https://x.test/?resetToken=abc123';
    expect(maskSecrets(`code 123 and ${link} and 123`, ['123', link])).toBe(
      'code •••••• and •••••• and ••••••',
    );
    expect(maskSecrets('nothing', [])).toBe('nothing');
    expect(maskSecrets('keep', [''])).toBe('keep');
  });
  it('escapes html', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('builds a From header without header injection', () => {
    expect(fromHeader('Demo "Brand"\r\nBcc: x@y', 'no-reply@d.test')).toBe(
      '"Demo BrandBcc: x@y" <no-reply@d.test>',
    );
    expect(fromHeader('', 'no-reply@d.test')).toBe('no-reply@d.test');
    expect(fromHeader('Brand', 'Ops <ops@d.test>')).toBe('Ops <ops@d.test>');
  });
  it('redacts credentials from a transport url', () => {
    expect(redactUrl('smtps://user:pa55@mail.test:465')).toBe('smtps://***:***@mail.test:465');
    expect(redactUrl('nonsense')).toBe('(invalid url)');
  });
});
