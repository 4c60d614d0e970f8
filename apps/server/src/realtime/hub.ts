import type { RealtimeRefusalReason } from '@bullpen/contract/realtime';

/**
 * Channels of real-time messages. A process keeps its own subscribers. A channel marked
 * `clusterWide` publishes through the transport (PostgreSQL NOTIFY/LISTEN when there is a
 * PostgreSQL server), so every server process reaches its own clients; other channels (live
 * prices, which each process computes the same from the seed and the clock) stay local.
 */
export type Subscriber = { id: string; send: (data: string) => void };

/** Who asks to listen: the signed-in user the socket carries, or null when anonymous. */
export type ChannelSubscriber = { userId: number | null };

export type RealtimeTransport = {
  publish: (channel: string, data: string) => void;
  /** Called once by the hub: what arrives on a channel goes to the local subscribers. */
  listen: (deliver: (channel: string, data: string) => void) => void;
  close?: () => Promise<void>;
};

/** The `{name}` parameters of a channel pattern such as `contest:{id}`, as strings. */
export type ChannelParams<Pattern extends string> =
  Pattern extends `${string}{${infer Name}}${infer Rest}`
    ? { [Key in Name | keyof ChannelParams<Rest>]: string }
    : Record<never, string>;

export type ChannelOptions<Params = Record<string, string>> = {
  /** Sent to a new subscriber right after it subscribes (e.g. a snapshot of prices). */
  onSubscribe?: (subscriber: Subscriber) => void | Promise<void>;
  /** Deliver to the clients of every server process, not only this one's. */
  clusterWide?: boolean;
  /**
   * Who may listen: the channel's policy, asked on every subscription and again whenever
   * the socket's user changes (sign-in, sign-out, session ended). Without it the channel is
   * public. A parameter is any `[\w-]{1,64}`: the policy checks its form.
   */
  authorize?: (subscriber: ChannelSubscriber, params: Params) => boolean | Promise<boolean>;
  /** The sentence a refused subscriber reads; say nothing the refused may not know. */
  refusal?: string;
};

export type Refusal = { reason: RealtimeRefusalReason; error: string };

const DEFAULT_REFUSAL = 'You may not listen to this channel.';
const RECHECK_BATCH = 10;
const PARAMETER = '([\\w-]{1,64})';

type Definition = {
  pattern: string;
  /** Null for a channel without parameters (an exact name). */
  matcher: RegExp | null;
  names: string[];
  options: ChannelOptions;
};

function compile(pattern: string): Definition['matcher'] {
  if (!pattern.includes('{')) return null;
  const source = pattern
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? PARAMETER : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export function inProcessTransport(): RealtimeTransport {
  let deliver: (channel: string, data: string) => void = () => {};
  return {
    publish: (channel, data) => deliver(channel, data),
    listen: (handler) => {
      deliver = handler;
    },
  };
}

/** What the plugin registers for each open socket, so sessions can be re-checked. */
export type TrackedConnection = {
  recheckSession: () => Promise<void>;
  /** Whether the socket listens to `channel` now. */
  listensTo: (channel: string) => boolean;
};

/**
 * The transport's own channel, never a client's (a client's names have no such prefix): its
 * messages name a channel whose listeners every process asks its policy again.
 */
const RECHECK_CHANNEL = 'realtime:recheck';

export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly exact = new Map<string, Definition>();
  private readonly patterns: Definition[] = [];
  private readonly connections = new Set<TrackedConnection>();

  constructor(private readonly transport: RealtimeTransport = inProcessTransport()) {
    transport.listen((channel, data) => {
      if (channel === RECHECK_CHANNEL) void this.recheckListenersOf(data);
      else this.deliver(channel, data);
    });
  }

  /**
   * A channel (`prices`) or a family of channels, one per resource (`contest:{id}`), with
   * its policy. Adding a private channel is this call with an `authorize` (docs/realtime.md).
   */
  defineChannel<Pattern extends string>(
    pattern: Pattern,
    options: ChannelOptions<ChannelParams<Pattern>> = {},
  ): void {
    const matcher = compile(pattern);
    const taken = matcher
      ? this.patterns.some((d) => d.pattern === pattern)
      : this.exact.has(pattern);
    if (taken) throw new Error(`realtime channel ${pattern} is defined twice`);
    const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const definition = { pattern, matcher, names, options: options as ChannelOptions };
    if (matcher) this.patterns.push(definition);
    else this.exact.set(pattern, definition);
  }

  private find(channel: string): { definition: Definition; params: Record<string, string> } | null {
    const exact = this.exact.get(channel);
    if (exact) return { definition: exact, params: {} };
    for (const definition of this.patterns) {
      const match = definition.matcher?.exec(channel);
      if (!match) continue;
      const params = Object.fromEntries(
        definition.names.map((name, i) => [name, match[i + 1] ?? '']),
      );
      return { definition, params };
    }
    return null;
  }

  hasChannel(name: string): boolean {
    return this.find(name) !== null;
  }

  /** True for a channel with a policy: what a socket hears there depends on who it is. */
  isPrivate(name: string): boolean {
    return Boolean(this.find(name)?.definition.options.authorize);
  }

  /**
   * Null when the subscriber may listen; otherwise why not. A refused anonymous socket reads
   * `unauthenticated` (signing in may help), a refused signed-in one `forbidden`.
   */
  async authorize(channel: string, subscriber: ChannelSubscriber): Promise<Refusal | null> {
    const found = this.find(channel);
    if (!found) return { reason: 'unknown_channel', error: `No such channel: ${channel}` };
    const { authorize, refusal } = found.definition.options;
    if (!authorize || (await authorize(subscriber, found.params))) return null;
    return {
      reason: subscriber.userId === null ? 'unauthenticated' : 'forbidden',
      error: refusal ?? DEFAULT_REFUSAL,
    };
  }

  isSubscribed(channel: string, subscriber: Subscriber): boolean {
    return this.subscribers.get(channel)?.has(subscriber) ?? false;
  }

  /**
   * Adds a subscriber; subscribing again to the same channel changes nothing. Below the
   * policy: the caller has asked `authorize` first.
   */
  async subscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const found = this.find(channel);
    if (!found) throw new Error(`unknown channel ${channel}`);
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    if (set.has(subscriber)) return;
    set.add(subscriber);
    await found.definition.options.onSubscribe?.(subscriber);
  }

  unsubscribe(channel: string, subscriber: Subscriber): void {
    const set = this.subscribers.get(channel);
    set?.delete(subscriber);
    if (set?.size === 0 && !this.exact.has(channel)) this.subscribers.delete(channel);
  }

  unsubscribeAll(subscriber: Subscriber): void {
    for (const channel of [...this.subscribers.keys()]) this.unsubscribe(channel, subscriber);
  }

  subscriberCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  publish(channel: string, message: object): void {
    const data = JSON.stringify({ channel, ...message });
    if (this.find(channel)?.definition.options.clusterWide) this.transport.publish(channel, data);
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

  /** The plugin tracks each open socket here; the returned function forgets it. */
  track(connection: TrackedConnection): () => void {
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  /**
   * Asks again whether each socket's session is still valid (not logged out, no new
   * password) and whether each channel's policy still lets it listen (a student removed from
   * a class), and ends the private subscriptions that fail. The plugin runs it every minute;
   * tests call it to skip the wait.
   */
  async recheckSessions(): Promise<void> {
    const connections = [...this.connections];
    // A few at a time: each is one query, and the pool serves the API too.
    for (let start = 0; start < connections.length; start += RECHECK_BATCH) {
      await Promise.all(
        connections.slice(start, start + RECHECK_BATCH).map((c) => c.recheckSession()),
      );
    }
  }

  /**
   * The facts behind `channel`'s policy changed (a guardian's link revoked): every process
   * asks its sockets that listen there again now, instead of at the next minute's recheck.
   */
  recheckChannel(channel: string): void {
    this.transport.publish(RECHECK_CHANNEL, channel);
  }

  private async recheckListenersOf(channel: string): Promise<void> {
    const listening = [...this.connections].filter((c) => c.listensTo(channel));
    for (let start = 0; start < listening.length; start += RECHECK_BATCH) {
      await Promise.all(
        listening.slice(start, start + RECHECK_BATCH).map((c) => c.recheckSession()),
      );
    }
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    this.connections.clear();
    await this.transport.close?.();
  }
}
