/** Every mission and check-in query lives under this key: a claim refreshes them all (and the badge). */
export const MISSIONS_KEY = ['missions'] as const;
