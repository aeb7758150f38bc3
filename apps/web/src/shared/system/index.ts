export { systemStatusQuery, useSystemStatus } from './system-status';
export { useSiteInfo, useWhitelabel, flattenWhitelabel, type TSiteInfo } from './site-info';
