import type { Executor } from '../db/connection.ts';

/** The account being erased, as the purge read it under its row lock. */
export type ErasedAccount = {
  id: number;
  email: string | null;
  parentEmail: string | null;
  isTeacher: boolean;
};

/** One domain's part of erasing an account, inside the purge's transaction. */
export type ErasureStep = (tx: Executor, account: ErasedAccount, now: Date) => Promise<void>;

/**
 * A reason an owner may not ask to delete their account yet (a teacher with classes), as a
 * message for the owner, or null.
 */
export type ErasureRefusal = (
  db: Executor,
  account: Pick<ErasedAccount, 'id' | 'isTeacher'>,
) => Promise<string | null>;

/** An unused account that has no address to warn, as the retention job read it. */
export type UnusedAccount = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  createdByTeacherId: number | null;
  lastActiveAt: Date;
};

/**
 * Tells the people who look after an unused account without an address (its teachers) that it
 * will be erased on `deletesOn`; answers how many were told.
 */
export type UnusedAccountNotice = (account: UnusedAccount, deletesOn: Date) => Promise<number>;

/**
 * Deleting an account reaches every domain, but the users domain that erases it comes before
 * them all in the domain map (docs/architecture.md): each domain's plugin registers here what
 * it drops or blanks, and users/deletion.ts runs every step in one transaction before the row
 * becomes a tombstone (docs/decisions/033-account-deletion.md). A domain that keeps something
 * personal and registers nothing fails the purge scan in users/deletion.test.ts.
 */
export class Erasure {
  private readonly stepsByDomain = new Map<string, ErasureStep>();
  private readonly refusalsByDomain = new Map<string, ErasureRefusal>();
  private readonly noticesByDomain = new Map<string, UnusedAccountNotice>();

  /** Registers `domain`'s part of an erasure; a domain has one, registered once. */
  erase(domain: string, step: ErasureStep): void {
    if (this.stepsByDomain.has(domain)) throw new Error(`${domain} already erases`);
    this.stepsByDomain.set(domain, step);
  }

  /** Registers `domain`'s reason to refuse a deletion request, checked before it is accepted. */
  refuseWhen(domain: string, refusal: ErasureRefusal): void {
    if (this.refusalsByDomain.has(domain)) throw new Error(`${domain} already refuses`);
    this.refusalsByDomain.set(domain, refusal);
  }

  /**
   * Registers whom `domain` tells when an account without an address is about to be erased
   * for disuse (users/inactivity.ts): a teacher-made account's teachers.
   */
  tellWhenUnused(domain: string, notice: UnusedAccountNotice): void {
    if (this.noticesByDomain.has(domain)) throw new Error(`${domain} already tells`);
    this.noticesByDomain.set(domain, notice);
  }

  /** Every domain's notice of the coming erasure; how many people were told. */
  async tellOfUnused(account: UnusedAccount, deletesOn: Date): Promise<number> {
    let told = 0;
    for (const notice of this.noticesByDomain.values()) told += await notice(account, deletesOn);
    return told;
  }

  /** The domains that registered a step, in registration order (the domain map's). */
  get domains(): string[] {
    return [...this.stepsByDomain.keys()];
  }

  async run(tx: Executor, account: ErasedAccount, now: Date): Promise<void> {
    for (const step of this.stepsByDomain.values()) await step(tx, account, now);
  }

  /** The first reason a domain gives to refuse the request, or null. */
  async refusal(
    db: Executor,
    account: Pick<ErasedAccount, 'id' | 'isTeacher'>,
  ): Promise<string | null> {
    for (const refusal of this.refusalsByDomain.values()) {
      const reason = await refusal(db, account);
      if (reason) return reason;
    }
    return null;
  }
}
