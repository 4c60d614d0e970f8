/**
 * Channels of real-time messages. A process keeps its own subscribers. A channel marked
 * `clusterWide` publishes through the transport (PostgreSQL NOTIFY/LISTEN when there is a
 * PostgreSQL server), so every server process reaches its own clients; other channels (live
 * prices, which each process computes the same from the seed and the clock) stay local.
 */
export type Subscriber = { id: string; send: (data: string) => void };

export type RealtimeTransport = {
  publish: (channel: string, data: string) => void;
  /** Called once by the hub: what arrives on a channel goes to the local subscribers. */
  listen: (deliver: (channel: string, data: string) => void) => void;
  close?: () => Promise<void>;
};

/** Who asks to subscribe: the signed-in user of the socket or of the message, if any. */
export type SubscribeRequest = { channel: string; userId: number | null };

export type ChannelOptions = {
  /** Sent to a new subscriber right after it subscribes (e.g. a snapshot of prices). */
  onSubscribe?: (subscriber: Subscriber) => void | Promise<void>;
  /** Deliver to the clients of every server process, not only this one's. */
  clusterWide?: boolean;
  /**
   * Who may listen. Resolves to null to allow, or to the sentence that refuses. Without it
   * the channel is public.
   */
  authorize?: (request: SubscribeRequest) => Promise<string | null>;
};

export function inProcessTransport(): RealtimeTransport {
  let deliver: (channel: string, data: string) => void = () => {};
  return {
    publish: (channel, data) => deliver(channel, data),
    listen: (handler) => {
      deliver = handler;
    },
  };
}

export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly channels = new Map<string, ChannelOptions>();
  /** Families of channels named `<prefix><key>`, e.g. one channel per contest. */
  private readonly families = new Map<string, ChannelOptions>();

  constructor(private readonly transport: RealtimeTransport = inProcessTransport()) {
    transport.listen((channel, data) => this.deliver(channel, data));
  }

  defineChannel(name: string, options: ChannelOptions = {}): void {
    this.channels.set(name, options);
  }

  /** Every channel named `prefix` followed by a key of `[\w-]{1,64}` shares these options. */
  defineChannelFamily(prefix: string, options: ChannelOptions = {}): void {
    this.families.set(prefix, options);
  }

  private optionsOf(channel: string): ChannelOptions | undefined {
    const exact = this.channels.get(channel);
    if (exact) return exact;
    for (const [prefix, options] of this.families) {
      if (channel.startsWith(prefix) && /^[\w-]{1,64}$/.test(channel.slice(prefix.length))) {
        return options;
      }
    }
    return undefined;
  }

  hasChannel(name: string): boolean {
    return this.optionsOf(name) !== undefined;
  }

  /** Null when the requester may subscribe; otherwise the sentence that refuses. */
  async authorize(request: SubscribeRequest): Promise<string | null> {
    const options = this.optionsOf(request.channel);
    if (!options) return `No such channel: ${request.channel}`;
    return options.authorize ? options.authorize(request) : null;
  }

  isSubscribed(channel: string, subscriber: Subscriber): boolean {
    return this.subscribers.get(channel)?.has(subscriber) ?? false;
  }

  /** Adds a subscriber; subscribing again to the same channel changes nothing. */
  async subscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const options = this.optionsOf(channel);
    if (!options) throw new Error(`unknown channel ${channel}`);
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    if (set.has(subscriber)) return;
    set.add(subscriber);
    await options.onSubscribe?.(subscriber);
  }

  unsubscribe(channel: string, subscriber: Subscriber): void {
    const set = this.subscribers.get(channel);
    set?.delete(subscriber);
    if (set?.size === 0 && !this.channels.has(channel)) this.subscribers.delete(channel);
  }

  unsubscribeAll(subscriber: Subscriber): void {
    for (const channel of [...this.subscribers.keys()]) this.unsubscribe(channel, subscriber);
  }

  subscriberCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  publish(channel: string, message: object): void {
    const data = JSON.stringify({ channel, ...message });
    if (this.optionsOf(channel)?.clusterWide) this.transport.publish(channel, data);
    else this.deliver(channel, data);
  }

  private deliver(channel: string, data: string): void {
    for (const subscriber of this.subscribers.get(channel) ?? []) {
      try {
        subscriber.send(data);
      } catch {
        // A socket that is closing drops the message; its close handler unsubscribes it.
      }
    }
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    await this.transport.close?.();
  }
}
