import type { Tx } from '../db/client.js';
import {
  banner,
  customerService,
  helpArticle,
  merchantCountry,
  notice,
  popup,
  promotionAnnouncement,
  registerFieldRule,
  siteMaintenance,
  siteResource,
} from '../db/schema/index.js';
import { DEFAULT_REGISTER_RULES } from '../modules/system/index.js';
import { sanitizeHtml } from '../modules/system/index.js';
import type { Seeder } from './index.js';

const DAY = 86_400_000;

/** Help-centre articles, [tag, bn title, bn html, en title, en html]; children follow their parent. */
const HELP: [string, string, string, string, string][] = [
  [
    'aboutus',
    'আমাদের সম্পর্কে',
    '<p>ডেমো বেট বিডি একটি অনলাইন গেমিং প্ল্যাটফর্ম, যেখানে লাইভ ক্যাসিনো, স্লট, স্পোর্টস, ফিশিং ও লটারি গেম এক জায়গায় পাওয়া যায়।</p><p>আমরা নিরাপদ লেনদেন, দ্রুত উত্তোলন এবং ২৪ ঘণ্টা গ্রাহক সেবার প্রতিশ্রুতি দিই। এটি একটি ডেমো সাইট; এখানে কোনো আসল টাকা ব্যবহার হয় না।</p>',
    'About us',
    '<p>Demo Bet BD is an online gaming platform that brings live casino, slots, sports, fishing and lottery games together in one place.</p><p>We promise secure transactions, fast withdrawals and customer service around the clock. This is a demo site; no real money is used here.</p>',
  ],
  [
    'deposit',
    'কীভাবে জমা করবেন',
    '<ol><li>লগইন করে উপরের <strong>জমা</strong> বোতামে চাপ দিন।</li><li>বিকাশ, নগদ বা রকেট থেকে একটি পেমেন্ট পদ্ধতি বেছে নিন।</li><li>টাকার পরিমাণ লিখে নির্দেশনা অনুযায়ী পেমেন্ট সম্পন্ন করুন।</li><li>পেমেন্ট নিশ্চিত হলে ব্যালেন্স সাধারণত ৫ মিনিটের মধ্যে যোগ হয়।</li></ol><p>সর্বনিম্ন জমা ৳২০০। সমস্যা হলে লেনদেন নম্বরসহ গ্রাহক সেবায় যোগাযোগ করুন।</p>',
    'How to deposit',
    '<ol><li>Log in and press the <strong>Deposit</strong> button at the top.</li><li>Choose a payment method: bKash, Nagad or Rocket.</li><li>Enter the amount and complete the payment as instructed.</li><li>Once the payment is confirmed, the balance is usually credited within 5 minutes.</li></ol><p>The minimum deposit is ৳200. If anything goes wrong, contact customer service with your transaction number.</p>',
  ],
  [
    'withdraw',
    'কীভাবে উত্তোলন করবেন',
    '<ol><li><strong>উত্তোলন</strong> পাতায় যান এবং আপনার মোবাইল ওয়ালেট নম্বর যুক্ত করুন।</li><li>পরিমাণ লিখে উত্তোলনের পাসওয়ার্ড দিন।</li><li>অনুরোধ যাচাইয়ের পর টাকা আপনার ওয়ালেটে পাঠানো হয়।</li></ol><p>উত্তোলনের আগে জমার অন্তত একবার টার্নওভার সম্পন্ন করতে হবে। সর্বনিম্ন উত্তোলন ৳৫০০।</p>',
    'How to withdraw',
    '<ol><li>Open the <strong>Withdraw</strong> page and add your mobile wallet number.</li><li>Enter the amount and your withdrawal password.</li><li>After the request is checked, the money is sent to your wallet.</li></ol><p>Your deposits must be turned over at least once before a withdrawal. The minimum withdrawal is ৳500.</p>',
  ],
  [
    'game',
    'গেম নির্দেশিকা',
    '<p>হোম পাতায় বিভাগ অনুযায়ী গেম খুঁজুন: লাইভ, স্লট, স্পোর্টস, ফিশিং ও লটারি। যেকোনো গেম খেলতে লগইন প্রয়োজন।</p><p>অনেক স্লট গেমে <em>ফ্রি ট্রায়াল</em> আছে, যেখানে টাকা ছাড়াই খেলা শিখতে পারবেন। প্রিয় গেম হার্ট চিহ্নে চাপ দিয়ে সংরক্ষণ করুন।</p>',
    'Game guide',
    '<p>Find games by category on the home page: live, slots, sports, fishing and lottery. You need to log in to play any game.</p><p>Many slot games offer a <em>free trial</em> so you can learn without money. Tap the heart to keep your favourite games.</p>',
  ],
  [
    'faqs',
    'সাধারণ জিজ্ঞাসা',
    '<p>সবচেয়ে বেশি জিজ্ঞাসিত প্রশ্নের উত্তর নিচে দেওয়া হলো।</p>',
    'Frequently asked questions',
    '<p>Answers to the questions we are asked most often.</p>',
  ],
  [
    'terms',
    'শর্তাবলী',
    '<p>এই সাইট ব্যবহার করে আপনি নিশ্চিত করছেন যে আপনার বয়স কমপক্ষে ১৮ বছর এবং আপনি এই শর্তাবলী পড়েছেন ও মেনে নিয়েছেন।</p><ul><li>প্রতি ব্যক্তি একটি মাত্র অ্যাকাউন্ট খুলতে পারবেন।</li><li>প্রতারণা বা একাধিক অ্যাকাউন্টের অপব্যবহার ধরা পড়লে অ্যাকাউন্ট বন্ধ করা হতে পারে।</li><li>বোনাস ও প্রচারণার নিজস্ব শর্ত প্রযোজ্য।</li><li>দায়িত্বশীলভাবে খেলুন; প্রয়োজনে বিরতি নিন।</li></ul>',
    'Terms and conditions',
    '<p>By using this site you confirm that you are at least 18 years old and that you have read and accept these terms.</p><ul><li>Each person may open one account only.</li><li>Accounts involved in fraud or abuse of multiple accounts may be closed.</li><li>Bonuses and promotions carry their own terms.</li><li>Play responsibly and take a break when you need one.</li></ul>',
  ],
];
const FAQ_CHILDREN: [string, string, string, string][] = [
  [
    'পাসওয়ার্ড ভুলে গেলে কী করব?',
    '<p>লগইন উইন্ডোতে <strong>পাসওয়ার্ড ভুলে গেছেন</strong> চাপুন এবং মোবাইল নম্বরে পাঠানো কোড দিয়ে নতুন পাসওয়ার্ড সেট করুন।</p>',
    'I forgot my password. What now?',
    '<p>Press <strong>Forgot password</strong> in the login window and set a new password with the code sent to your mobile number.</p>',
  ],
  [
    'জমা কতক্ষণে আসে?',
    '<p>সাধারণত ৫ মিনিটের মধ্যে। ৩০ মিনিটের বেশি দেরি হলে গ্রাহক সেবায় যোগাযোগ করুন।</p>',
    'How long does a deposit take?',
    '<p>Usually less than 5 minutes. If it takes longer than 30 minutes, contact customer service.</p>',
  ],
];

/** Demo site content of the demo merchant: banners, marquee, popups, help, customer service, countries. */
export const seedDemoContent: Seeder = async (tx: Tx, { merchantId }) => {
  const now = Date.now();
  await tx.insert(siteMaintenance).values({ merchantId, enabled: false });

  const b = (
    groupName: string,
    n: number,
    sequence: number,
    bn: string,
    en: string,
    link: string | null = null,
  ) => ({
    merchantId,
    groupName,
    title: { BN: bn, EN: en },
    imageUrl: `/banners/banner-${groupName.slice(2)}-${n}.svg`,
    sequence,
    linkageType: link ? ('URL' as const) : ('NONE' as const),
    redirect: link,
  });
  await tx
    .insert(banner)
    .values([
      b('w_home', 1, 1, 'স্বাগতম বোনাস ১০০%', '100% welcome bonus', '/promotions'),
      b('w_home', 2, 2, 'লাইভ ক্যাসিনো', 'Live casino', '/live'),
      b('w_home', 3, 3, 'ক্রিকেট বেটিং', 'Cricket betting', '/sports'),
      b('w_leftmenu', 1, 1, 'বন্ধুকে আমন্ত্রণ জানান', 'Invite a friend', '/promotions'),
      b('w_login', 1, 1, 'আবার স্বাগতম', 'Welcome back'),
      b('w_register', 1, 1, 'নিবন্ধন করুন, বোনাস নিন', 'Sign up and get a bonus'),
      b('w_forget', 1, 1, 'অ্যাকাউন্ট পুনরুদ্ধার', 'Recover your account'),
    ]);

  await tx.insert(notice).values([
    {
      merchantId,
      sequence: 1,
      displaySpeed: 50,
      title: { BN: 'স্বাগতম', EN: 'Welcome' },
      content: {
        BN: 'ডেমো বেট বিডিতে স্বাগতম! প্রথম জমায় ১০০% বোনাস পান।',
        EN: 'Welcome to Demo Bet BD! Get a 100% bonus on your first deposit.',
      },
    },
    {
      merchantId,
      sequence: 2,
      displaySpeed: 50,
      title: { BN: 'রক্ষণাবেক্ষণ', EN: 'Maintenance' },
      content: {
        BN: 'প্রতি মঙ্গলবার রাত ২টা থেকে ৩টা পর্যন্ত কিছু গেম রক্ষণাবেক্ষণে থাকতে পারে।',
        EN: 'Some games may be under maintenance every Tuesday from 2 to 3 am.',
      },
    },
    {
      merchantId,
      sequence: 3,
      displaySpeed: 50,
      title: { BN: 'নিরাপত্তা', EN: 'Security' },
      content: {
        BN: 'কাউকে আপনার পাসওয়ার্ড বা যাচাই কোড দেবেন না। আমাদের কর্মীরা কখনো তা চাইবে না।',
        EN: 'Never share your password or verification code. Our staff will never ask for it.',
      },
    },
  ]);

  const html = (s: string) => sanitizeHtml(s);
  await tx.insert(popup).values([
    {
      merchantId,
      execution: 'B',
      sequence: 1,
      title: { BN: 'নতুন সদস্যদের জন্য বোনাস', EN: 'Bonus for new members' },
      content: {
        BN: html(
          '<p>আজই নিবন্ধন করুন এবং প্রথম জমায় <strong>১০০% স্বাগতম বোনাস</strong> পান, সর্বোচ্চ ৳৫,০০০ পর্যন্ত।</p>',
        ),
        EN: html(
          '<p>Sign up today and get a <strong>100% welcome bonus</strong> on your first deposit, up to ৳5,000.</p>',
        ),
      },
      promotionType: 'new_player',
    },
    {
      merchantId,
      execution: 'A',
      sequence: 1,
      title: { BN: 'সাপ্তাহিক ক্যাশব্যাক', EN: 'Weekly cash back' },
      content: {
        BN: html(
          '<p>প্রতি সোমবার গত সপ্তাহের নিট ক্ষতির উপর <strong>৫% ক্যাশব্যাক</strong> আপনার ওয়ালেটে যোগ হবে।</p>',
        ),
        EN: html(
          "<p>Every Monday, <strong>5% cash back</strong> on last week's net loss is added to your wallet.</p>",
        ),
      },
      promotionType: 'rebate_promo',
    },
    {
      merchantId,
      execution: 'F',
      sequence: 1,
      title: { BN: 'প্রথম লগইনে স্বাগতম', EN: 'Welcome on your first login' },
      content: {
        BN: html(
          '<p>আপনার অ্যাকাউন্ট তৈরি হয়েছে! নিরাপত্তার জন্য <em>আমার অ্যাকাউন্ট</em> থেকে মোবাইল নম্বর যাচাই করুন।</p>',
        ),
        EN: html(
          '<p>Your account is ready! For your security, verify your mobile number under <em>My account</em>.</p>',
        ),
      },
      promotionType: null,
    },
  ]);

  await tx.insert(promotionAnnouncement).values([
    {
      merchantId,
      category: 'new_player',
      sequence: 1,
      title: { BN: '১০০% স্বাগতম বোনাস', EN: '100% welcome bonus' },
      content: {
        BN: html('<p>প্রথম জমায় ১০০% বোনাস, সর্বোচ্চ ৳৫,০০০। টার্নওভার ১০ গুণ।</p>'),
        EN: html('<p>100% on your first deposit, up to ৳5,000. Turnover 10 times.</p>'),
      },
      images: [{ sequence: 1, url: '/banners/banner-home-1.svg' }],
      startDate: new Date(now - DAY),
      endDate: new Date(now + 365 * DAY),
    },
  ]);

  let seq = 0;
  for (const [tag, bnTitle, bnHtml, enTitle, enHtml] of HELP) {
    seq += 1;
    const [bnRow, enRow] = await tx
      .insert(helpArticle)
      .values([
        { merchantId, tag, lang: 'BN', title: bnTitle, content: html(bnHtml), sequence: seq },
        { merchantId, tag, lang: 'EN', title: enTitle, content: html(enHtml), sequence: seq },
      ])
      .returning({ id: helpArticle.id });
    if (tag === 'faqs') {
      await tx.insert(helpArticle).values(
        FAQ_CHILDREN.flatMap(([bt, bc, et, ec], i) => [
          { merchantId, parentId: bnRow!.id, tag, lang: 'BN', title: bt, content: html(bc), sequence: i + 1 },
          { merchantId, parentId: enRow!.id, tag, lang: 'EN', title: et, content: html(ec), sequence: i + 1 },
        ]),
      );
    }
  }

  await tx.insert(customerService).values([
    {
      merchantId,
      csType: 'LIVECHAT',
      name: 'Live chat 24/7',
      path: 'https://chat.demobet.local/livechat?site=demobdt',
      sequence: 1,
    },
    { merchantId, csType: 'TELEGRAM', name: 'Telegram', path: 'https://t.me/demobetbd_support', sequence: 2 },
    { merchantId, csType: 'WHATSAPP', name: 'WhatsApp', path: 'https://wa.me/8801700000000', sequence: 3 },
    { merchantId, csType: 'FACEBOOK', name: 'Facebook', path: 'https://m.me/demobetbd', sequence: 4 },
  ]);

  await tx.insert(siteResource).values([
    {
      merchantId,
      resourceType: 'HOME',
      labelNameEn: 'Sports entrance',
      url: '/banners/banner-home-3.svg',
      sequence: 1,
    },
    { merchantId, resourceType: 'APP', labelNameEn: 'Android app', url: '/m/appDownload', sequence: 2 },
    { merchantId, resourceType: 'LOGO', labelNameEn: 'Logo', url: '/favicon.svg', sequence: 3 },
  ]);

  await tx.insert(merchantCountry).values([
    { merchantId, countryCode: 'BD', dialingCode: '+880', name: 'Bangladesh', sort: 1 },
    { merchantId, countryCode: 'IN', dialingCode: '+91', name: 'India', sort: 2 },
    { merchantId, countryCode: 'NP', dialingCode: '+977', name: 'Nepal', sort: 3 },
    { merchantId, countryCode: 'PK', dialingCode: '+92', name: 'Pakistan', sort: 4 },
  ]);

  await tx
    .insert(registerFieldRule)
    .values(Object.entries(DEFAULT_REGISTER_RULES).map(([field, r]) => ({ merchantId, field, ...r })));
};
