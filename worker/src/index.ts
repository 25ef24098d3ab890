export { startWorker, type WorkerHandle } from './server.ts';
export { sendEmail } from './jobs/send-email.ts';
export { cleanChatOriginals } from './jobs/clean-chat-originals.ts';
export { cleanSessions } from './jobs/clean-sessions.ts';
export { cleanEvidence } from './jobs/clean-evidence.ts';
export { closeWindow, openWindow } from './jobs/window.ts';
export { sendNotification, PUSH_TIMEOUT_MS, type NotificationJobDeps } from './jobs/notification.ts';
