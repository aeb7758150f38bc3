import type { Tx } from '../db/client.js';
import { merchant, merchantDomain, merchantModule } from '../db/schema/index.js';

export const DEMO_MERCHANT_CODE = 'demobdt';

/** [modId, name, enabled, children] — the white-label tree of API-REFERENCE section 4. */
type Node = [string, string, boolean, Node[]?];
export const DEMO_MODULE_TREE: Node[] = [
  ['COMM3', 'Common', true],
  [
    'REG3',
    'Registration',
    true,
    [
      ['USERNAMEREG3', 'Register by username', true],
      [
        'MOBILENUMREG3',
        'Register by mobile number',
        true,
        [
          ['MOBILENUMPASSREG3', 'Password on mobile registration', true],
          ['REGMOBVERF3', 'SMS verification at registration', true],
        ],
      ],
    ],
  ],
  [
    'VERIFICATION3',
    'SMS verification',
    true,
    [
      ['MOBILEVERCODELOGIN3', 'Login by SMS code', true],
      ['LOGINIPVERF3', 'Verify logins from new IPs', false],
    ],
  ],
  ['CAPTCHA3', 'Image captcha', true],
  ['GEETEST3', 'GeeTest captcha', false],
  ['FREEPLAY3', 'Free-play trial accounts', true],
  [
    'PASS3',
    'Change password',
    true,
    [
      ['PWDEXPFORCECHANGE3', 'Force change of expired passwords', false],
      ['PWRESETSMS3', 'Password reset by SMS', true],
      ['CHNGPASSVERIF3', 'Set password by phone verification', true],
    ],
  ],
  ['PROFPIC3', 'Profile picture', true],
  [
    'AGENTPOLICY3',
    'Agent policy and contracts',
    true,
    [
      ['AFFMAN3', 'Affiliate codes', true],
      ['SIGNCONDIV3', 'Dividend contracts', true],
      ['DAILYSALCONT3', 'Daily salary contracts', true],
      ['HOURSAL3', 'Hourly salary contracts', true],
      ['RTSALARY3', 'Real-time salary contracts', true],
    ],
  ],
  ['FUNDTRANS3', 'Wallet transfers', true],
  [
    'GAMELO3',
    'Game lobby',
    true,
    [
      ['GAMELOHOT3', 'Hot games', true],
      ['GAMELOREC3', 'Recent games', true],
      ['GAMELOFAV3', 'Favourite games', true],
    ],
  ],
  ['AGEANNOUNCE3', 'Lottery draw announcements', true],
  ['REWCEN3', 'Reward centre', true],
  ['PTSYS3', 'Points mall', true],
  ['MEMTRANS3', 'Member transaction details', true],
  ['INBOX3', 'Inbox', true],
  ['CBS3', 'Live chat', true],
  ['FEEDBACK3', 'Feedback', true],
];

export function flattenModuleTree(
  nodes: Node[],
  parent: string | null = null,
  out: { modId: string; parentModId: string | null; name: string; enabled: boolean }[] = [],
) {
  for (const [modId, name, enabled, children] of nodes) {
    out.push({ modId, parentModId: parent, name, enabled });
    if (children) flattenModuleTree(children, modId, out);
  }
  return out;
}

/** The demo brand: BDT, Bengali first, dark theme; answers on localhost without a Merchant header. */
export async function seedDemoMerchant(tx: Tx, opts: { extraDomains?: string[] } = {}): Promise<number> {
  const [m] = await tx
    .insert(merchant)
    .values({
      code: DEMO_MERCHANT_CODE,
      name: 'Demo Bet BD',
      currency: 'BDT',
      currencySymbol: '৳',
      currencyDecimals: 2,
      languages: ['BN', 'EN'],
      defaultLanguage: 'BN',
      theme: 'dark',
      timeZone: 'Asia/Dhaka',
      copyright: 'Copyright © 2026 Demo Bet BD. All rights reserved.',
      socialLinks: [
        { type: 'FACEBOOK', url: 'https://www.facebook.com/demobetbd' },
        { type: 'YOUTUBE', url: 'https://www.youtube.com/@demobetbd' },
      ],
      mainDomain: 'demobet.local',
      gtagId: null,
      imageCdns: [],
      launchGameCdns: [],
    })
    .returning({ id: merchant.id });
  const merchantId = m!.id;
  const domains = new Set(['localhost', '127.0.0.1', '::1', 'demobet.local', ...(opts.extraDomains ?? [])]);
  await tx.insert(merchantDomain).values(
    [...domains].map((domain) => ({
      merchantId,
      domain,
      routeType: 'MAIN' as const,
    })),
  );
  await tx.insert(merchantDomain).values({ merchantId, domain: 'agent.demobet.local', routeType: 'AGENT' });
  const mods = flattenModuleTree(DEMO_MODULE_TREE);
  // parents first, so the self-referencing foreign key holds row by row
  await tx.insert(merchantModule).values(mods.map((x, i) => ({ merchantId, ...x, sort: i })));
  return merchantId;
}
