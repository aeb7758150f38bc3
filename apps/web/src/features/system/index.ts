export { systemStatusQuery, useSystemStatus } from './api/get-system-status';
export { useSiteInfo, useWhitelabel, flattenWhitelabel, type TSiteInfo } from './hooks/use-site-info';
