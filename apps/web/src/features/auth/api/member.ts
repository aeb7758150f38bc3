import { memberEndpoints, type TMemberInfo } from '@bp/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { languageByLng } from '../../../shared/i18n/languages';
import type { TSessionMember } from '../../../shared/store/app-store';

/** GET /wps/member/info for the current token (the token is part of the key: a new login refetches). */
export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['memberInfo', token],
    queryFn: ({ signal }) => callEndpoint(memberEndpoints.info, { signal }),
    enabled: !!token,
    staleTime: 60_000,
  });

export const toSessionMember = (m: TMemberInfo): TSessionMember => ({
  id: m.id,
  account: m.account,
  nickname: m.nickname || null,
  type: m.type,
  vipLabel: m.clubLabel.labelName || null,
});

/** POST /wps/member/language: the member's language, best effort (the local choice stands either way). */
export function saveMemberLanguage(lng: string) {
  const code = languageByLng(lng)?.code;
  if (code) void callEndpoint(memberEndpoints.language, { body: { language: code } }).catch(() => undefined);
}
