// What an e-mail says and how it leaves: the texts the commands store and the worker's SMTP or outbox transport.
export * from './templates.ts';
export * from './transport.ts';
