import type { TCatalogueFeed, TGameClassify, TGameType } from '@bp/contract';

/**
 * A generated vendor feed for the demo: a realistic catalogue (over ten thousand games, mostly slots
 * and fishing) across the spec's vendor codes, deterministic for a seed so every demo database gets
 * the same games and node ids. Names are composed from parallel English and Bengali word lists, so
 * the Bengali name is the translation of the English one and both are searchable.
 */

/** mulberry32: small, fast, good enough for demo data; same seed, same sequence. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

type Word = readonly [en: string, bn: string];

const ADJECTIVES: Word[] = [
  ['Golden', 'সোনালী'],
  ['Lucky', 'ভাগ্যবান'],
  ['Mighty', 'শক্তিশালী'],
  ['Royal', 'রাজকীয়'],
  ['Wild', 'বন্য'],
  ['Mystic', 'রহস্যময়'],
  ['Fiery', 'জ্বলন্ত'],
  ['Crystal', 'স্ফটিক'],
  ['Silver', 'রূপালী'],
  ['Magic', 'জাদুকরী'],
  ['Ancient', 'প্রাচীন'],
  ['Diamond', 'হীরার'],
  ['Jade', 'জেড'],
  ['Thunder', 'বজ্র'],
  ['Sweet', 'মিষ্টি'],
  ['Crazy', 'পাগলা'],
  ['Happy', 'সুখী'],
  ['Super', 'সুপার'],
  ['Mega', 'মেগা'],
  ['Blazing', 'দাউদাউ'],
  ['Frozen', 'হিমায়িত'],
  ['Emerald', 'পান্না'],
  ['Ruby', 'চুনি'],
  ['Neon', 'নিয়ন'],
  ['Cosmic', 'মহাজাগতিক'],
  ['Jungle', 'জঙ্গলের'],
  ['Ocean', 'সমুদ্রের'],
  ['Sunny', 'রোদেলা'],
  ['Midnight', 'মধ্যরাতের'],
  ['Secret', 'গোপন'],
  ['Eternal', 'চিরন্তন'],
  ['Wealthy', 'ধনী'],
];

const NOUNS: Word[] = [
  ['Dragon', 'ড্রাগন'],
  ['Tiger', 'বাঘ'],
  ['Fortune', 'ভাগ্য'],
  ['Treasure', 'গুপ্তধন'],
  ['Phoenix', 'ফিনিক্স'],
  ['Panda', 'পান্ডা'],
  ['Lion', 'সিংহ'],
  ['Elephant', 'হাতি'],
  ['Buffalo', 'মহিষ'],
  ['Temple', 'মন্দির'],
  ['Pharaoh', 'ফারাও'],
  ['Queen', 'রানী'],
  ['King', 'রাজা'],
  ['Empire', 'সাম্রাজ্য'],
  ['Fruits', 'ফল'],
  ['Gems', 'রত্ন'],
  ['Stars', 'তারা'],
  ['Koi', 'কই মাছ'],
  ['Monkey', 'বানর'],
  ['Wolf', 'নেকড়ে'],
  ['Eagle', 'ঈগল'],
  ['Horse', 'ঘোড়া'],
  ['Lotus', 'পদ্ম'],
  ['Jewels', 'গহনা'],
  ['Coins', 'মুদ্রা'],
  ['Pirate', 'জলদস্যু'],
  ['Ninja', 'নিনজা'],
  ['Samurai', 'সামুরাই'],
  ['Goddess', 'দেবী'],
  ['Wizard', 'জাদুকর'],
  ['Rabbit', 'খরগোশ'],
  ['Genie', 'জিনি'],
  ['Mermaid', 'মৎস্যকন্যা'],
  ['Volcano', 'আগ্নেয়গিরি'],
  ['Carnival', 'কার্নিভাল'],
  ['Mango', 'আম'],
  ['Cricket', 'ক্রিকেট'],
  ['Festival', 'উৎসব'],
  ['Rocket', 'রকেট'],
  ['Bull', 'ষাঁড়'],
];

const SLOT_SUFFIXES: Word[] = [
  ['', ''],
  ['Deluxe', 'ডিলাক্স'],
  ['Megaways', 'মেগাওয়েজ'],
  ['Rush', 'রাশ'],
  ['Riches', 'সম্পদ'],
  ['Gold', 'গোল্ড'],
  ['Legends', 'কিংবদন্তি'],
  ['Quest', 'অভিযান'],
  ['Bonanza', 'বোনানজা'],
  ['Party', 'পার্টি'],
  ['Link', 'লিংক'],
  ['Blitz', 'ব্লিৎজ'],
  ['Hold and Win', 'হোল্ড অ্যান্ড উইন'],
  ['Spins', 'স্পিন'],
  ['II', '২'],
  ['III', '৩'],
];

/** The last word of a game that has a sub-type, so the name says what it is. */
const CLASSIFY_WORDS: Record<TGameClassify, Word[]> = {
  SC: [['Scratch', 'স্ক্র্যাচ']],
  VP: [
    ['Video Poker', 'ভিডিও পোকার'],
    ['Jacks or Better', 'জ্যাকস অর বেটার'],
  ],
  JP: [
    ['Jackpot', 'জ্যাকপট'],
    ['Grand Jackpot', 'গ্র্যান্ড জ্যাকপট'],
  ],
  TG: [
    ['Baccarat', 'ব্যাকারাট'],
    ['Roulette', 'রুলেট'],
    ['Blackjack', 'ব্ল্যাকজ্যাক'],
    ['Dragon Tiger', 'ড্রাগন টাইগার'],
  ],
  AC: [
    ['Arcade', 'আর্কেড'],
    ['Plinko', 'প্লিঙ্কো'],
    ['Mines', 'মাইনস'],
  ],
  BG: [['Bingo', 'বিঙ্গো']],
  Crash: [
    ['Crash', 'ক্র্যাশ'],
    ['Aviator', 'এভিয়েটর'],
    ['Limbo', 'লিম্বো'],
  ],
  Arcade: [
    ['Fishing', 'মাছ শিকার'],
    ['Fish Hunter', 'মাছ শিকারী'],
    ['Ocean King', 'সমুদ্র রাজা'],
  ],
  Table: [
    ['Teen Patti', 'তিন পাত্তি'],
    ['Rummy', 'রামি'],
    ['Andar Bahar', 'আন্দর বাহার'],
    ['Ludo', 'লুডো'],
    ['Callbreak', 'কলব্রেক'],
    ['Poker', 'পোকার'],
  ],
  Jackpot: [['Jackpot', 'জ্যাকপট']],
};

/** RNG sub-type mix: most are plain slots. */
const RNG_CLASSIFY_MIX: [TGameClassify | null, number][] = [
  [null, 0.72],
  ['SC', 0.05],
  ['VP', 0.04],
  ['JP', 0.06],
  ['TG', 0.05],
  ['AC', 0.05],
  ['Crash', 0.03],
];

const LIVE_TABLES: Word[] = [
  ['Baccarat', 'ব্যাকারাট'],
  ['Speed Baccarat', 'স্পিড ব্যাকারাট'],
  ['Sicbo', 'সিকবো'],
  ['Roulette', 'রুলেট'],
  ['Lightning Roulette', 'লাইটনিং রুলেট'],
  ['Dragon Tiger', 'ড্রাগন টাইগার'],
  ['Blackjack', 'ব্ল্যাকজ্যাক'],
  ['3 Card Poker', '৩ কার্ড পোকার'],
  ['Fan Tan', 'ফ্যান ট্যান'],
  ['NiuNiu', 'নিউনিউ'],
  ['Fish Prawn Crab', 'মাছ চিংড়ি কাঁকড়া'],
  ['Teen Patti Live', 'তিন পাত্তি লাইভ'],
  ['Andar Bahar Live', 'আন্দর বাহার লাইভ'],
];

interface VendorPlan {
  code: string;
  names: Word;
  color: string;
  /** games per type */
  games: Partial<Record<TGameType, number>>;
}

export const DEMO_VENDORS: VendorPlan[] = [
  { code: 'PG', names: ['PG Soft', 'পিজি সফট'], color: '#e8a33d', games: { RNG: 1250 } },
  { code: 'EG2', names: ['EG Gaming', 'ইজি গেমিং'], color: '#2d9cdb', games: { RNG: 1150, FISH: 60 } },
  { code: 'PT', names: ['Playtech', 'প্লেটেক'], color: '#1f4e9c', games: { RNG: 1500 } },
  {
    code: 'JDB',
    names: ['JDB Gaming', 'জেডিবি গেমিং'],
    color: '#c0392b',
    games: { RNG: 1250, FISH: 80, PVP: 40 },
  },
  { code: 'CQ9', names: ['CQ9 Gaming', 'সিকিউ৯ গেমিং'], color: '#f2994a', games: { RNG: 1350, FISH: 70 } },
  { code: 'FC', names: ['Fa Chai', 'ফা চাই'], color: '#9b51e0', games: { RNG: 1000, FISH: 60 } },
  { code: 'JL', names: ['JILI', 'জিলি'], color: '#27ae60', games: { RNG: 1300, FISH: 90, PVP: 60 } },
  { code: 'BGS', names: ['BGaming', 'বিগেমিং'], color: '#eb5757', games: { RNG: 900, FISH: 30 } },
  { code: 'EVO', names: ['Evolution', 'ইভোলিউশন'], color: '#111827', games: { LIVE: 40 } },
  { code: 'SA', names: ['SA Gaming', 'এসএ গেমিং'], color: '#8b5e34', games: { LIVE: 30 } },
  { code: 'SABA', names: ['SABA Sports', 'সাবা স্পোর্টস'], color: '#0e7490', games: { SPORTS: 1 } },
  { code: 'IMES', names: ['IM Esports', 'আইএম ই-স্পোর্টস'], color: '#4338ca', games: { ESPORTS: 1 } },
  { code: 'SV3', names: ['SV388 Cockfight', 'এসভি৩৮৮ মোরগ লড়াই'], color: '#b91c1c', games: { COCKFIGHT: 1 } },
  {
    code: 'TCG_LOTTO_VN',
    names: ['TCG Vietnam Lotto', 'টিসিজি ভিয়েতনাম লটো'],
    color: '#dc2626',
    games: { ELOTT: 12 },
  },
  { code: 'LOTT', names: ['TCG Lottery', 'টিসিজি লটারি'], color: '#047857', games: { LOTT: 8 } },
];

const SINGLE_GAMES: Record<string, Word> = {
  SABA: ['SABA Sportsbook', 'সাবা স্পোর্টসবুক'],
  IMES: ['IM Esports Arena', 'আইএম ই-স্পোর্টস অ্যারেনা'],
  SV3: ['SV388 Cockfight Arena', 'এসভি৩৮৮ মোরগ লড়াই অ্যারেনা'],
};

const LOTTERY_GAMES: Word[] = [
  ['North Lotto', 'উত্তর লটো'],
  ['South Lotto', 'দক্ষিণ লটো'],
  ['Central Lotto', 'মধ্য লটো'],
  ['Speed Lotto 1 Minute', 'স্পিড লটো ১ মিনিট'],
  ['Speed Lotto 3 Minutes', 'স্পিড লটো ৩ মিনিট'],
  ['Speed Lotto 5 Minutes', 'স্পিড লটো ৫ মিনিট'],
  ['Keno', 'কেনো'],
  ['Fast 3', 'ফাস্ট ৩'],
  ['PK10', 'পিকে১০'],
  ['Lucky 5D', 'লাকি ৫ডি'],
  ['Mega 6/45', 'মেগা ৬/৪৫'],
  ['Power 6/55', 'পাওয়ার ৬/৫৫'],
];

const LINES = [1, 5, 9, 10, 20, 25, 30, 40, 50, 243, 1024, 4096, 117649];
const MIN_BETS = ['0.10', '0.20', '0.50', '1.00', '2.00'];

function classifyFor(rand: Rand, type: TGameType): TGameClassify | null {
  if (type === 'FISH') return 'Arcade';
  if (type === 'PVP') return 'Table';
  if (type !== 'RNG') return null;
  let r = rand();
  for (const [c, p] of RNG_CLASSIFY_MIX) {
    if (r < p) return c;
    r -= p;
  }
  return null;
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** Distinct adjective/noun pairs in a vendor-specific order (names do not repeat within a vendor). */
function namePairs(rand: Rand): [Word, Word][] {
  const pairs: [Word, Word][] = [];
  for (const a of ADJECTIVES) for (const n of NOUNS) pairs.push([a, n]);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  return pairs;
}

export interface DemoFeedOptions {
  seed?: number;
  /** scales every vendor's game count (at least one game per vendor and type); 1 = the full demo */
  scale?: number;
}

/** The demo feed. Same options, same feed, byte for byte. */
export function generateDemoFeed(opts: DemoFeedOptions = {}): TCatalogueFeed {
  const rand = seededRandom(opts.seed ?? 20261122);
  const scale = opts.scale ?? 1;
  const vendors: NonNullable<TCatalogueFeed['vendors']> = [];
  const games: NonNullable<TCatalogueFeed['games']> = [];
  DEMO_VENDORS.forEach((v, vi) => {
    const types = Object.keys(v.games) as TGameType[];
    vendors.push({
      code: v.code,
      names: { EN: v.names[0], BN: v.names[1] },
      gameTypes: types,
      color: v.color,
      sortOrder: (vi + 1) * 10,
    });
    const pairs = namePairs(rand);
    const used = new Set<string>();
    let n = 0;
    const prefix = v.code.replace(/_/g, '').slice(0, 6);
    for (const type of types) {
      const count = Math.max(1, Math.round(v.games[type]! * scale));
      for (let i = 0; i < count; i++) {
        n++;
        const classify = classifyFor(rand, type);
        let name: Word;
        if (SINGLE_GAMES[v.code]) name = SINGLE_GAMES[v.code]!;
        else if (type === 'LIVE') {
          const table = LIVE_TABLES[i % LIVE_TABLES.length]!;
          const room = Math.floor(i / LIVE_TABLES.length);
          name = room === 0 ? table : [`${table[0]} ${room + 1}`, `${table[1]} ${room + 1}`];
        } else if (type === 'LOTT' || type === 'ELOTT') {
          name = LOTTERY_GAMES[(i + (type === 'LOTT' ? 6 : 0)) % LOTTERY_GAMES.length]!;
        } else {
          // a fresh adjective/noun pair with the suffix (or sub-type word); pairs run out only
          // beyond 1280 games of one vendor, then a roman-numeral sequel takes the same pair
          const [adj, noun] = pairs[(n - 1) % pairs.length]!;
          const last = classify ? pick(rand, CLASSIFY_WORDS[classify]) : pick(rand, SLOT_SUFFIXES);
          name = [join(adj[0], noun[0], last[0]), join(adj[1], noun[1], last[1])];
          if (used.has(name[0])) name = [`${name[0]} ${n}`, `${name[1]} ${n}`];
        }
        used.add(name[0]);
        const slotLike = type === 'RNG' || type === 'FISH';
        games.push({
          vendor: v.code,
          gameCode: `${prefix}${String(n).padStart(4, '0')}`,
          gameType: type,
          gameClassify: classify,
          names: { EN: name[0], BN: name[1] },
          isHot: rand() < (i < 40 ? 0.3 : 0.02),
          isNew: rand() < 0.04,
          rtpBps: type === 'LIVE' ? 9850 : slotLike ? 9400 + Math.floor(rand() * 41) * 10 : undefined,
          minBet: slotLike || type === 'PVP' ? pick(rand, MIN_BETS) : type === 'LIVE' ? '10.00' : undefined,
          lines: type === 'RNG' && classify === null ? pick(rand, LINES) : undefined,
          status: rand() < 0.005 ? 'maintenance' : 'active',
          sortOrder: i * 10,
        });
      }
    }
  });
  return { vendors, games };
}
