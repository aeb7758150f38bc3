import type { SVGProps } from 'react';

/** Icons of the wallet, deposit, withdrawal and member-centre screens (same stroke style as icons.tsx). */
type P = SVGProps<SVGSVGElement>;
const base = (p: P): P => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...p,
});

export const RefreshIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </svg>
);
export const WalletIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M3 7a2 2 0 0 1 2-2h13v4" />
    <path d="M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2z" />
    <circle cx="16" cy="14.5" r="1.2" />
  </svg>
);
export const DepositIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 4v11M7 10l5 5 5-5" />
    <path d="M4 19h16" />
  </svg>
);
export const WithdrawIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 15V4M7 9l5-5 5 5" />
    <path d="M4 19h16" />
  </svg>
);
export const TransferIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 8h14l-3-3M20 16H6l3 3" />
  </svg>
);
export const UplineIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="7" r="3" />
    <path d="M6 20v-1a6 6 0 0 1 12 0v1" />
    <path d="M19 4v5M16.5 6.5 19 4l2.5 2.5" />
  </svg>
);
export const DownlineIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="7" r="3" />
    <path d="M6 20v-1a6 6 0 0 1 12 0v1" />
    <path d="M19 4v5M16.5 6.5 19 9l2.5-2.5" />
  </svg>
);
export const ListIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M8 6h12M8 12h12M8 18h12" />
    <circle cx="4" cy="6" r="1" />
    <circle cx="4" cy="12" r="1" />
    <circle cx="4" cy="18" r="1" />
  </svg>
);
export const ChartIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16l4-5 3 3 5-6" />
  </svg>
);
export const GiftIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12" />
    <path d="M12 8S10.5 4 8 4a2 2 0 0 0 0 4M12 8s1.5-4 4-4a2 2 0 0 1 0 4" />
  </svg>
);
export const CrownIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />
  </svg>
);
export const EnvelopeIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);
export const LockIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);
export const BankIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M3 10h18L12 4 3 10zM5 10v7M9.5 10v7M14.5 10v7M19 10v7M3 20h18" />
  </svg>
);
export const TrashIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);
export const PlusIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const CheckIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="m5 12 5 5 9-10" />
  </svg>
);
/** Betting record (a die: the player's rounds) */
export const DiceIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <circle cx="9" cy="9" r="1.1" />
    <circle cx="15" cy="15" r="1.1" />
    <circle cx="15" cy="9" r="1.1" />
    <circle cx="9" cy="15" r="1.1" />
  </svg>
);
