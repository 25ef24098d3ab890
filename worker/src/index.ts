export { startWorker, type WorkerHandle } from './server.ts';
export { createMailTransport } from './mail/transport.ts';
