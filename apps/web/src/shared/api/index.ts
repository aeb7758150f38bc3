export { ApiError, isApiError } from './api-error';
export { callEndpoint, toQueryString, fillPath } from './client';
export { errorText } from './error-text';
export { setLanguageGetter } from './client-context';
