/**
 * The benches' HTTP client: node:http over a pool of keep-alive connections, as a load balancer or many browsers hold
 * them. fetch (undici) sending 200 requests at once from one process costs the bench itself 45-90 ms per burst on
 * these machines, measured against a server that answers at once (node:http: 11-30 ms), and a bench would count that
 * as the server's time. Answers the `data` of the docs/api.md envelope, or throws with its code and message.
 */
import { Agent, request } from 'node:http';

export interface BenchClient {
  call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  close(): void;
}

export function benchClient(base: string, maxSockets = 256): BenchClient {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {};
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      if (token) headers.authorization = `Bearer ${token}`;
      return new Promise<T>((resolve, reject) => {
        const req = request(new URL(`${base}/h5-api${path}`), { method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            try {
              const envelope = JSON.parse(text) as { code: number; message: string; data: T };
              if (envelope.code === 200) resolve(envelope.data);
              else reject(new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`));
            } catch (error) {
              reject(error);
            }
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
