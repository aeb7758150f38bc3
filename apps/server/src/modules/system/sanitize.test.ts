import { describe, expect, it } from 'vitest';
import { sanitizeHtml, stripTags } from './sanitize.js';

describe('sanitizeHtml', () => {
  it('keeps allowed markup and Bengali text', () => {
    const html = '<p class="x">স্বাগতম <strong>বোনাস</strong><br>ok</p><ul><li>a</li></ul>';
    expect(sanitizeHtml(html)).toBe(
      '<p class="x">স্বাগতম <strong>বোনাস</strong><br />ok</p><ul><li>a</li></ul>',
    );
  });
  it('drops scripts, styles, iframes and svg with their content', () => {
    const out = sanitizeHtml(
      'a<script>alert(1)</script>b<style>*{}</style>c<iframe src="x"></iframe>d<svg><script>x</script></svg>e<SCRIPT >z</SCRIPT >f',
    );
    expect(out).toBe('abcdef');
  });
  it('drops event handlers and dangerous URLs', () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">')).toBe('<img src="x" />');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img />');
    expect(sanitizeHtml('<a href="https://x.test/?a=1&b=2" target="_blank">x</a>')).toBe(
      '<a href="https://x.test/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<p style="color:red">x</p><p style="background:url(javascript:x)">y</p>')).toBe(
      '<p style="color:red">x</p><p>y</p>',
    );
  });
  it('escapes stray brackets, drops unknown tags and comments, balances tags', () => {
    expect(sanitizeHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    expect(sanitizeHtml('<custom onclick="x">t</custom><!-- <script>x</script> -->')).toBe('t');
    expect(sanitizeHtml('<b><i>x</b>')).toBe('<b><i>x</i></b>');
    // a stray </p> opens an empty paragraph, as a browser's parser does
    expect(sanitizeHtml('</p>x<div>')).toBe('<p></p>x<div></div>');
    // a tag cut off by the end of the input is dropped, as a browser's parser drops it
    expect(sanitizeHtml('<img src="x" onerror=alert(1)//')).toBe('');
    expect(sanitizeHtml('<a title="a>b" href="/x">y</a>')).toBe('<a title="a&gt;b" href="/x">y</a>');
    expect(sanitizeHtml('&amp; &copy; & x')).toBe('&amp; © &amp; x');
  });
  it('output never contains executable markup for a sample of attacks', () => {
    const attacks = [
      '<scr<script>ipt>alert(1)</script>',
      '<<script>script>alert(1)<</script>/script>',
      '<img """><script>alert(1)</script>">',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<div onmouseover="alert(1)">x</div>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<body onload=alert(1)>',
      '<input autofocus onfocus=alert(1)>',
    ];
    for (const a of attacks) {
      const out = sanitizeHtml(a);
      expect(out).not.toMatch(/<script|onerror|onload|onfocus|onmouseover|javascript:/i);
    }
  });
});

describe('stripTags and URLs', () => {
  it('gives plain inert text', () => {
    expect(stripTags('<b>Bonus</b> <script>x</script>&lt;img onerror&gt; ১০০%')).toBe(
      'Bonus img onerror ১০০%',
    );
  });
  it('keeps http(s), mailto, tel and relative URLs only', () => {
    const href = (url: string) => sanitizeHtml(`<a href="${url}">x</a>`);
    expect(href('https://a.test')).toBe('<a href="https://a.test">x</a>');
    expect(href('/promotions')).toBe('<a href="/promotions">x</a>');
    expect(href('//cdn.test/x')).toBe('<a href="//cdn.test/x">x</a>');
    expect(href('mailto:a@b.c')).toBe('<a href="mailto:a@b.c">x</a>');
    expect(href('tel:+8801712345678')).toBe('<a href="tel:+8801712345678">x</a>');
    expect(href('vbscript:x')).toBe('<a>x</a>');
    expect(href('data:text/html,x')).toBe('<a>x</a>');
  });
});
