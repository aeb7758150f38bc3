/**
 * How a slot symbol looks: inline SVG drawn here (no images, no emoji font needed: many phones and
 * the test browser have none). A symbol id names its face when it contains a known word ("seven",
 * "cherry", "A"...); otherwise the face follows the symbol's place in the paytable, from the theme's
 * own list, so every configuration gets distinct faces.
 */
export type TFace =
  | 'seven'
  | 'cherry'
  | 'bell'
  | 'gem'
  | 'crown'
  | 'bar'
  | 'star'
  | 'coin'
  | 'lemon'
  | 'grape'
  | 'heart'
  | 'clover'
  | 'moon'
  | 'fish'
  | 'leaf'
  | 'eye'
  | 'ankh'
  | 'pyramid'
  | 'bird'
  | 'shell'
  | 'octopus'
  | 'crab'
  | 'turtle'
  | 'paw'
  | 'lantern'
  | 'wild'
  | 'scatter'
  | 'text';

export interface TSymbolFace {
  face: TFace;
  /** letter for card ranks and unknown symbols */
  label: string;
  color: string;
}

const WORDS: [RegExp, TFace][] = [
  [/seven|^7$|777/, 'seven'],
  [/starfish/, 'star'],
  [/eye/, 'eye'],
  [/ankh|cross/, 'ankh'],
  [/anubis|pyramid|sphinx/, 'pyramid'],
  [/horus|phoenix|bird|eagle|falcon/, 'bird'],
  [/octopus|squid/, 'octopus'],
  [/crab|lobster/, 'crab'],
  [/turtle|tortoise/, 'turtle'],
  [/tiger|lion|panda|paw/, 'paw'],
  [/lantern|lamp/, 'lantern'],
  [/shark|dolphin|koi|carp/, 'fish'],
  [/pearl/, 'coin'],
  [/cherr/, 'cherry'],
  [/bell/, 'bell'],
  [/gem|diamond|jewel|ruby|emerald|sapphire/, 'gem'],
  [/crown|king(?!dom)/, 'crown'],
  [/bar/, 'bar'],
  [/star/, 'star'],
  [/coin|gold|ingot|money/, 'coin'],
  [/lemon|orange|melon|plum/, 'lemon'],
  [/grape/, 'grape'],
  [/heart|love/, 'heart'],
  [/clover|luck/, 'clover'],
  [/moon|night/, 'moon'],
  [/shell/, 'shell'],
  [/fish|wave/, 'fish'],
  [/leaf|lotus|tree|jungle/, 'leaf'],
];

/** colours that belong to a name (a ruby is red whatever its place in the paytable) */
const WORD_COLORS: [RegExp, string][] = [
  [/ruby|cherry|phoenix/, '#ff4d5e'],
  [/emerald|melon/, '#3ddc84'],
  [/sapphire|dolphin/, '#4dabf7'],
  [/amethyst|plum|grape|octopus/, '#b06cff'],
  [/topaz|orange|koi|starfish/, '#ff9a3d'],
  [/lemon|coin|gold|ankh|bell/, '#ffd84d'],
  [/shark/, '#9fb3c8'],
  [/turtle/, '#6fd3a0'],
  [/crab|lantern/, '#ff6b4d'],
  [/shell/, '#ffc6d9'],
  [/eye|horus/, '#4dd2ff'],
  [/anubis|tiger/, '#f5a623'],
];

const CARD = /^(a|k|q|j|10|9|ace|king|queen|jack|ten|nine)$/;
const CARD_LABEL: Record<string, string> = {
  ace: 'A',
  king: 'K',
  queen: 'Q',
  jack: 'J',
  ten: '10',
  nine: '9',
};

/** Faces for symbols no word matched, highest paying first. */
const THEME_FACES: Record<string, TFace[]> = {
  fruit: ['seven', 'bar', 'bell', 'grape', 'lemon', 'cherry', 'star'],
  gems: ['gem', 'crown', 'coin', 'star', 'heart', 'clover', 'moon'],
  ocean: ['fish', 'gem', 'moon', 'star', 'leaf', 'coin', 'heart'],
  default: ['crown', 'gem', 'seven', 'bell', 'coin', 'star', 'cherry', 'clover', 'moon', 'heart'],
};

const THEME_COLORS: Record<string, string[]> = {
  fruit: ['#ff4d4f', '#f5a623', '#ffd84d', '#9b59ff', '#ffe14d', '#ff3366', '#4dd2ff'],
  gems: ['#4dd2ff', '#ffd84d', '#f5a623', '#ff7ad9', '#ff4d4f', '#3ddc84', '#b18cff'],
  default: [
    '#ffd84d',
    '#4dd2ff',
    '#ff4d4f',
    '#f5a623',
    '#ffc53d',
    '#ff7ad9',
    '#ff3366',
    '#3ddc84',
    '#b18cff',
    '#ff8a4d',
  ],
};
const CARD_COLORS = ['#ff6b6b', '#4dabf7', '#69db7c', '#ffa94d', '#da77f2', '#fcc419'];

export function symbolFaces(
  theme: string,
  symbols: readonly { id: string; wild?: boolean; scatter?: boolean }[],
): Map<string, TSymbolFace> {
  const key = theme.toLowerCase();
  const faces = THEME_FACES[Object.keys(THEME_FACES).find((k) => key.includes(k)) ?? 'default']!;
  const colors = THEME_COLORS[Object.keys(THEME_COLORS).find((k) => key.includes(k)) ?? 'default']!;
  const out = new Map<string, TSymbolFace>();
  let next = 0;
  let card = 0;
  symbols.forEach((s, i) => {
    const id = s.id.toLowerCase();
    const color = WORD_COLORS.find(([re]) => re.test(id))?.[1] ?? colors[i % colors.length]!;
    if (s.wild) return out.set(s.id, { face: 'wild', label: 'WILD', color: '#ffd84d' });
    if (s.scatter) return out.set(s.id, { face: 'scatter', label: '★', color: '#ff7ad9' });
    if (CARD.test(id))
      return out.set(s.id, {
        face: 'text',
        label: CARD_LABEL[id] ?? s.id.toUpperCase(),
        color: CARD_COLORS[card++ % CARD_COLORS.length]!,
      });
    const word = WORDS.find(([re]) => re.test(id));
    if (word) return out.set(s.id, { face: word[1], label: s.id, color });
    const face = faces[next++];
    if (face) return out.set(s.id, { face, label: s.id, color });
    out.set(s.id, { face: 'text', label: s.id.slice(0, 2).toUpperCase(), color });
  });
  return out;
}
