/**
 * A small allow-list HTML sanitiser for operator-written content (popups, help articles, notices).
 * Safe by construction: the input is tokenised and the output re-serialised from the tokens, so only
 * allowed tags with allowed, re-quoted and escaped attributes can come out; everything else is text
 * (escaped) or dropped. Raw-text and embedding elements (script, style, iframe, svg, ...) are dropped
 * with their content. URLs must be http(s), mailto, tel or relative.
 */

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'blockquote',
  'small',
  'sub',
  'sup',
  'pre',
  'code',
  'section',
  'figure',
  'figcaption',
  'caption',
  'mark',
  'del',
  'ins',
  'dl',
  'dt',
  'dd',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'noembed',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'title',
  'head',
  'xmp',
  'plaintext',
  'applet',
]);
const GLOBAL_ATTRS = new Set(['class', 'style', 'title', 'dir', 'lang', 'align']);
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
  ol: new Set(['start']),
};
const URL_ATTRS = new Set(['href', 'src']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? m;
  });
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text keeps well-formed entities and escapes everything that could open markup. */
const escapeText = (s: string) =>
  s
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

export function isSafeUrl(raw: string): boolean {
  // browsers ignore control characters and whitespace inside a scheme ("java\tscript:")
  const v = decodeEntities(raw)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0020\u007f-\u00a0]/g, '')
    .toLowerCase();
  if (v === '') return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v);
  if (!scheme) return true; // relative, or protocol-relative (http/https)
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!);
}

function safeStyle(v: string): string | undefined {
  const d = decodeEntities(v).toLowerCase();
  if (/url\s*\(|expression|javascript:|@import|behavior|-moz-binding|[<>\\]/.test(d)) return undefined;
  return v;
}

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function renderAttrs(tag: string, rawAttrs: string): string {
  const allowed = TAG_ATTRS[tag];
  const out: string[] = [];
  const seen = new Set<string>();
  let target: string | undefined;
  for (const m of rawAttrs.matchAll(ATTR_RE)) {
    const name = m[1]!.toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    if (!GLOBAL_ATTRS.has(name) && !allowed?.has(name)) continue;
    const rawValue = m[2] ?? m[3] ?? m[4] ?? '';
    let value = decodeEntities(rawValue);
    if (URL_ATTRS.has(name) && !isSafeUrl(rawValue)) continue;
    if (name === 'style') {
      const s = safeStyle(rawValue);
      if (s === undefined) continue;
      value = decodeEntities(s);
    }
    if (name === 'target') {
      if (!['_blank', '_self'].includes(value)) continue;
      target = value;
    }
    if (name === 'rel') continue; // set below
    if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name) && !/^\d{1,5}%?$/.test(value))
      continue;
    out.push(`${name}="${escapeAttr(value)}"`);
  }
  if (tag === 'a' && target === '_blank') out.push('rel="noopener noreferrer"');
  return out.length ? ' ' + out.join(' ') : '';
}

export function sanitizeHtml(input: string): string {
  const s = input ?? '';
  let out = '';
  const stack: string[] = [];
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(s.slice(i));
      break;
    }
    out += escapeText(s.slice(i, lt));
    i = lt;
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      i = end < 0 ? s.length : end + 3;
      continue;
    }
    if (s[i + 1] === '!' || s[i + 1] === '?') {
      const end = s.indexOf('>', i);
      i = end < 0 ? s.length : end + 1;
      continue;
    }
    const head = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(s.slice(i, i + 64));
    if (!head) {
      out += '&lt;';
      i += 1;
      continue;
    }
    // find the end of the tag, honouring quoted attribute values
    let j = i + head[0].length;
    let quote: string | null = null;
    for (; j < s.length; j++) {
      const c = s[j]!;
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    if (j >= s.length) {
      // unterminated tag: the rest is text
      out += escapeText(s.slice(i));
      break;
    }
    const closing = head[1] === '/';
    const tag = head[2]!.toLowerCase();
    const rawAttrs = s.slice(i + head[0].length, j);
    i = j + 1;
    if (!closing && DROP_WITH_CONTENT.has(tag)) {
      if (/\/\s*$/.test(rawAttrs)) continue; // self-closed <svg/>
      const closeRe = new RegExp(`</${tag}[\\s/>]`, 'i');
      const m = closeRe.exec(s.slice(i));
      if (!m) {
        i = s.length;
        continue;
      }
      const end = s.indexOf('>', i + m.index);
      i = end < 0 ? s.length : end + 1;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue; // unknown tag: dropped, its content stays as text
    if (closing) {
      const at = stack.lastIndexOf(tag);
      if (at < 0) continue;
      while (stack.length > at) out += `</${stack.pop()}>`;
      continue;
    }
    out += `<${tag}${renderAttrs(tag, rawAttrs)}>`;
    if (!VOID_TAGS.has(tag)) stack.push(tag);
  }
  while (stack.length) out += `</${stack.pop()}>`;
  return out;
}

/**
 * Plain text for titles: tags removed (content of dropped elements too), entities decoded, angle brackets
 * dropped so the text stays inert even where a client injects it as HTML; whitespace collapsed.
 */
export function stripTags(input: string): string {
  const safe = sanitizeHtml(input).replace(/<[^>]*>/g, ' ');
  return decodeEntities(safe).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
}
