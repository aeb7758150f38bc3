import { describe, expect, it } from 'vitest';
import { ZAdminBannerUpdate, ZAdminRegionRuleUpdate, ZAuditLogQuery } from '@bp/contract';

describe('operator API request shapes', () => {
  it('update bodies carry only the fields sent: no create defaults sneak into a patch', () => {
    expect(ZAdminBannerUpdate.parse({ sequence: 3 })).toEqual({ sequence: 3 });
    expect(ZAdminRegionRuleUpdate.parse({ note: 'office' })).toEqual({ note: 'office' });
  });

  it('refuses empty patches and fields of the wrong type', () => {
    expect(ZAdminBannerUpdate.safeParse({}).success).toBe(false);
    expect(ZAdminBannerUpdate.safeParse({ unknownOnly: 1 }).success).toBe(false);
    expect(ZAdminBannerUpdate.safeParse({ groupName: 'nope' }).success).toBe(false);
  });

  it('pages the audit log 20 at a time by default and at most 100', () => {
    expect(ZAuditLogQuery.parse({})).toEqual({ pageNo: 1, pageSize: 20 });
    expect(ZAuditLogQuery.parse({ pageNo: '2', pageSize: '100' })).toEqual({ pageNo: 2, pageSize: 100 });
    expect(ZAuditLogQuery.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});
