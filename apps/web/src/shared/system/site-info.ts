import type { TSystemStatusValue, TWhitelabelNode } from '@bp/contract';
import { useQuery } from '@tanstack/react-query';
import { systemStatusQuery } from './system-status';

export type TSiteInfo = TSystemStatusValue['info'];

/** Site configuration from the status payload; undefined until it has loaded (the root screen waits for it). */
export function useSiteInfo(): TSiteInfo | undefined {
  return useQuery({ ...systemStatusQuery(), select: (s) => s.info }).data;
}

/** White-label switches flattened to `{ [modId]: enabled }` (API-REFERENCE §4, getWhitelabelVal). */
export function flattenWhitelabel(nodes: TWhitelabelNode[], out: Record<string, boolean> = {}) {
  for (const n of nodes) {
    out[n.modId] = n.enabled === '1';
    flattenWhitelabel(n.childrenNodes, out);
  }
  return out;
}

export function useWhitelabel(): Record<string, boolean> {
  return useQuery({ ...systemStatusQuery(), select: (s) => flattenWhitelabel(s.info.whitelabel) }).data ?? {};
}
