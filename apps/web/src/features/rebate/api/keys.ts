/** Every rebate query lives under this key: a claim refreshes them all. */
export const REBATE_KEY = ['rebate'] as const;
