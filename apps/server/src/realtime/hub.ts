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

export type ChannelOptions = {
  /** Sent to a new subscriber right after it subscribes (e.g. a snapshot of prices). */
  onSubscribe?: (subscriber: Subscriber) => void | Promise<void>;
  /** Deliver to the clients of every server process, not only this one's. */
  clusterWide?: boolean;
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

  constructor(private readonly transport: RealtimeTransport = inProcessTransport()) {
    transport.listen((channel, data) => this.deliver(channel, data));
  }

  defineChannel(name: string, options: ChannelOptions = {}): void {
    this.channels.set(name, options);
  }

  hasChannel(name: string): boolean {
    return this.channels.has(name);
  }

  async subscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const options = this.channels.get(channel);
    if (!options) throw new Error(`unknown channel ${channel}`);
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(subscriber);
    await options.onSubscribe?.(subscriber);
  }

  unsubscribe(channel: string, subscriber: Subscriber): void {
    this.subscribers.get(channel)?.delete(subscriber);
  }

  unsubscribeAll(subscriber: Subscriber): void {
    for (const set of this.subscribers.values()) set.delete(subscriber);
  }

  subscriberCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  publish(channel: string, message: object): void {
    const data = JSON.stringify({ channel, ...message });
    if (this.channels.get(channel)?.clusterWide) this.transport.publish(channel, data);
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
