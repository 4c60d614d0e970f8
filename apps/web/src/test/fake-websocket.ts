/**
 * A stand-in for the browser's WebSocket in unit tests: records what the app sends and lets
 * a test play the server (open, messages, a close with a code). Install with
 * `vi.stubGlobal('WebSocket', FakeWebSocket)`.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('sent on a socket not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server sends a message. */
  receive(message: object): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The server closes the connection with a code and reason. */
  serverClose(code: number, reason = ''): void {
    this.readyState = FakeWebSocket.CLOSED;
    const event = new Event('close');
    Object.assign(event, { code, reason, wasClean: true });
    this.dispatchEvent(event);
  }
}
