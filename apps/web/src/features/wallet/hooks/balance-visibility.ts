import { create } from 'zustand';
import { readStorage, writeStorage } from '../../../shared/store/persist';

const KEY = 'balanceHidden';

/** Show/hide of the header balance (SPEC §2.2), remembered on this device. */
export const useBalanceVisibility = create<{ hidden: boolean; toggle: () => void }>((set) => ({
  hidden: readStorage('local', KEY) === '1',
  toggle: () =>
    set((s) => {
      writeStorage('local', KEY, s.hidden ? null : '1');
      return { hidden: !s.hidden };
    }),
}));
