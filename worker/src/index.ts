export { startWorker, type WorkerHandle } from './server.ts';
export { createMailTransport } from './mail/transport.ts';
export { sendEmail } from './jobs/send-email.ts';
export { cleanSessions } from './jobs/clean-sessions.ts';
