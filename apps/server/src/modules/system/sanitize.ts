import sanitize from 'sanitize-html';

/**
 * The allow-list for operator-written HTML (popups, help articles, notices, announcements), on
 * sanitize-html (htmlparser2 underneath): the input is parsed and the output re-serialised, so only
 * allowed tags with allowed, re-quoted and escaped attributes can come out; everything else is text
 * (escaped) or dropped. Raw-text and embedding elements (script, style, iframe, svg, ...) are dropped
 * with their content. URLs must be http(s), mailto, tel or relative; inline styles are limited to a
 * list of harmless properties without url(), expression() or script.
 */

const ALLOWED_TAGS = [
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
];
const DROP_WITH_CONTENT = [
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
];

/** A style value may not load anything or run anything. */
const SAFE_STYLE_VALUE = /^(?!.*(?:url\s*\(|expression|javascript:|@import|behavior|-moz-binding))[^<>\\]*$/i;
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'width',
  'height',
  'max-width',
  'border',
  'border-radius',
  'vertical-align',
  'white-space',
  'list-style-type',
];

const SCHEMES = ['http', 'https', 'mailto', 'tel'];

const HTML_OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['class', 'style', 'title', 'dir', 'lang', 'align'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: SCHEMES,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_STYLE_VALUE]])) },
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: {
    // a link opening a new tab must not hand the opener to the target
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(input, HTML_OPTIONS);
}

const TEXT_OPTIONS: sanitize.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: DROP_WITH_CONTENT,
};

const ESCAPED: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Plain text for titles: tags removed (content of dropped elements too), entities decoded, angle brackets
 * dropped so the text stays inert even where a client injects it as HTML; whitespace collapsed.
 */
export function stripTags(input: string): string {
  return sanitize(input.replace(/</g, ' <'), TEXT_OPTIONS)
    .replace(/&(?:lt|gt|amp|quot|#39);/g, (m) => ESCAPED[m]!)
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
