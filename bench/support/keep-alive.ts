import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One kept-alive HTTP/1.1 connection to a loopback server, one request at a time: the status
 * of each answer, read whole. The load generator shares the machine's two cores with the
 * server and PostgreSQL, and node:http's client (its agent, parser and streams) took half a
 * core to send 1,400 requests a second, more than half of what the server itself spent
 * answering them; this one (a fifth of a core) writes each request as one string and reads
 * the answer's length from its head. It understands only what Fastify sends back: a `content-length`, no chunks.
 */
export class KeepAliveConnection {
  readonly #socket: net.Socket;
  #received: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;

  private constructor(socket: net.Socket) {
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.#read(chunk));
    socket.on('error', (error) => this.#fail(error));
    socket.on('close', () => this.#fail(new Error('the server closed the connection')));
  }

  static open(url: URL): Promise<KeepAliveConnection> {
    if (!url.hostname.startsWith('127.')) throw new Error('benchmarks only target loopback');
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.off('error', reject);
        resolve(new KeepAliveConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Sends `method path` with `headers` (name to value) and a body; resolves with the status. */
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<number> {
    if (this.#waiting) throw new Error('one request at a time on a connection');
    let head = `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    head += `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(head + body);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#received = this.#received.length ? Buffer.concat([this.#received, chunk]) : chunk;
    const headEnd = this.#received.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.#received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.#fail(new Error(`an answer without content-length:\n${head}`));
      return;
    }
    const end = headEnd + HEAD_END.length + Number(length[1]);
    if (this.#received.length < end) return;
    const status = Number(head.slice(9, 12));
    this.#received = this.#received.subarray(end);
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.resolve(status);
  }

  #fail(error: Error): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.reject(error);
  }
}
