import { decodeCustomerServicePath } from '@bp/contract';
import { useQuery } from '@tanstack/react-query';

export interface CsEntry {
  csType: string;
  path: string;
  name: string;
}
export interface CsLink {
  csType: string;
  name: string;
  href: string | null;
}

/** Only web links and mail/phone/messaging schemes are opened; anything else is dropped. */
const SAFE = /^(https?:|mailto:|tel:|tg:|whatsapp:)/i;

/**
 * The paths arrive obfuscated (see the contract's ZCustomerService); they are decoded when the list is
 * shown so each entry is a real link (a window.open after an await would be eaten by popup blockers).
 */
export function useCsLinks(entries: readonly CsEntry[]) {
  return useQuery({
    queryKey: ['customer-service', 'links', entries.map((e) => e.path)],
    staleTime: Infinity,
    queryFn: async (): Promise<CsLink[]> =>
      Promise.all(
        entries.map(async (e) => {
          try {
            const href = await decodeCustomerServicePath(e.path);
            return { csType: e.csType, name: e.name, href: SAFE.test(href) ? href : null };
          } catch {
            return { csType: e.csType, name: e.name, href: null };
          }
        }),
      ),
  });
}
