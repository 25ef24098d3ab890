import net from 'node:net';

/** One message an SMTP client handed over: its Message-ID header and when the sink accepted it. */
export interface SunkMail {
  messageId: string;
  acceptedAt: number;
}

/**
 * A slow SMTP server for fault suites: it speaks enough SMTP for nodemailer (no STARTTLS, no AUTH) and takes
 * `delayMs` to accept each message after its data, like a busy mail relay, so e-mail jobs are still running when a
 * worker is told to stop. It records every message it accepted, so a message sent twice shows.
 */
export interface SmtpSink {
  url: string;
  messages: SunkMail[];
  /** Messages whose data arrived and whose answer is still being held back. */
  receiving(): number;
  /** Resolves when the next message's data has arrived (a send has just begun its wait). */
  nextData(): Promise<void>;
  /** Changes how long the next messages are held back. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(initialDelayMs: number): Promise<SmtpSink> {
  let delayMs = initialDelayMs;
  const messages: SunkMail[] = [];
  const sockets = new Set<net.Socket>();
  let holding = 0;
  let waiters: (() => void)[] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string | null = null;
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = data + buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          data = null;
          const messageId = /^message-id:\s*(\S+)/im.exec(message)?.[1] ?? '';
          holding++;
          for (const wake of waiters) wake();
          waiters = [];
          setTimeout(() => {
            holding--;
            if (socket.destroyed) return;
            messages.push({ messageId, acceptedAt: Date.now() });
            reply('250 2.0.0 queued');
          }, delayMs);
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'DATA') {
          data = '';
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    reply('220 sink ESMTP');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    receiving: () => holding,
    nextData: () => new Promise<void>((resolve) => waiters.push(resolve)),
    setDelay: (ms) => {
      delayMs = ms;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
