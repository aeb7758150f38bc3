export { MESSAGES_KEY, useUnreadCount } from './api/get-unread-count';
export { messageText, noticeTone } from './hooks/message-text';
export const loadMessagesPage = () => import('./pages/MessagesPage');
