/** Every VIP query lives under this key: an upgrade notice refreshes them all. */
export const VIP_KEY = ['vip'] as const;
