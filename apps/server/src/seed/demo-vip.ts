import type { TGameType } from '@bp/contract';
import type { Tx } from '../db/client.js';
import { vipRepo, type VipLevelValues } from '../modules/vip/index.js';

const T = 100n; // minor units per taka
/** The product types the demo's rebate rates cover (basis points rise with the level). */
const rates = (rng: number, live: number, sports: number): Partial<Record<TGameType, number>> => ({
  RNG: rng,
  FISH: rng,
  LIVE: live,
  SPORTS: sports,
  ESPORTS: sports,
  LOTT: live,
});

/**
 * Five VIP levels for the demo brand (BDT): reached by a month's deposits and valid bets, or by the
 * lifetime ones; benefits grow with the level (modules/rebate pays the rebates and the birthday and
 * upgrade bonuses).
 */
export const DEMO_VIP_LEVELS: VipLevelValues[] = [
  { level: 0, name: 'VIP0', monthlyDeposit: 0n, monthlyTurnover: 0n, totalDeposit: 0n, totalTurnover: 0n,
    rebateRates: rates(30, 20, 20), dailyWithdrawalLimit: 50_000n * T, birthdayBonus: 0n, upgradeBonus: 0n },
  { level: 1, name: 'VIP1', monthlyDeposit: 5_000n * T, monthlyTurnover: 5_000n * T, totalDeposit: 0n, totalTurnover: 10_000n * T,
    rebateRates: rates(50, 30, 30), dailyWithdrawalLimit: 100_000n * T, birthdayBonus: 100n * T, upgradeBonus: 188n * T },
  { level: 2, name: 'VIP2', monthlyDeposit: 20_000n * T, monthlyTurnover: 50_000n * T, totalDeposit: 50_000n * T, totalTurnover: 100_000n * T,
    rebateRates: rates(70, 40, 40), dailyWithdrawalLimit: 200_000n * T, birthdayBonus: 388n * T, upgradeBonus: 588n * T },
  { level: 3, name: 'VIP3', monthlyDeposit: 100_000n * T, monthlyTurnover: 300_000n * T, totalDeposit: 200_000n * T, totalTurnover: 500_000n * T,
    rebateRates: rates(90, 60, 50), dailyWithdrawalLimit: 500_000n * T, birthdayBonus: 888n * T, upgradeBonus: 1_888n * T },
  { level: 4, name: 'VIP4', monthlyDeposit: 500_000n * T, monthlyTurnover: 1_500_000n * T, totalDeposit: 1_000_000n * T, totalTurnover: 3_000_000n * T,
    rebateRates: rates(120, 80, 70), dailyWithdrawalLimit: null, birthdayBonus: 2_888n * T, upgradeBonus: 8_888n * T },
]; // prettier-ignore

export async function seedDemoVip(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  for (const l of DEMO_VIP_LEVELS) await vipRepo.insertLevel(tx, merchantId, l);
  return [`VIP levels:      ${DEMO_VIP_LEVELS.map((l) => l.name).join(', ')} (player site /member/vip)`];
}
