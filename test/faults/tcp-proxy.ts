import net from 'node:net';

/**
 * A TCP relay in front of an API process, standing for the load balancer of README "Running at scale": clients keep
 * one address while the process behind it is replaced, and `cut()` closes every connection through it at once (a
 * network blip: the API keeps running, every client loses its socket and its in-flight calls).
 */
export interface TcpProxy {
  url: string;
  /** Where new connections go from now on (a restarted API listens on another port). */
  retarget(port: number): void;
  /** Closes every open connection at once, both sides; answers how many were cut. */
  cut(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let target = targetPort;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    retarget(port) {
      target = port;
    },
    cut() {
      const open = [...pairs];
      // destroy(), not resetAndDestroy(): a reset that meets the shutdown a pipe has begun fails and leaves the
      // socket's handle open for good (the process then never exits).
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      return open.length;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
