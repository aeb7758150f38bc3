export { MESSAGES_KEY, useUnreadCount } from './api/get-unread-count';
// The real-time notice needs the texts only when a notice arrives: loaded then.
export const loadNoticeText = () => import('./hooks/message-text');
export const loadMessagesPage = () => import('./pages/MessagesPage');
