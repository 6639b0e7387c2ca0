/**
 * Password-guessing lockout, shared by sign-in and the own-password change: every wrong password counts
 * towards one counter per username (in the KvStore, so all instances share it), and after
 * `maxFailures` the account is locked for `lockMinutes` for both.
 */
import { refused } from "./envelope.js";
import type { KvStore } from "./kv.js";

export interface LockoutOptions {
  maxFailures: number;
  lockMinutes: number;
}

export class PasswordLockout {
  constructor(
    private kv: KvStore,
    private opts: LockoutOptions,
  ) {}

  get lockedMessage() {
    return `密码错误次数过多，账号已锁定，请 ${this.opts.lockMinutes} 分钟后再试`;
  }

  /** Refuses (with the lock message) while the account is locked. */
  async assertOpen(username: string): Promise<void> {
    if (await this.kv.get(lockKey(username))) throw refused(this.lockedMessage);
  }

  /**
   * Counts one wrong password. Returns the attempts left before the lock; when this failure reaches the
   * limit the account is locked and the lock message is thrown instead.
   */
  async fail(username: string): Promise<number> {
    const ttl = this.opts.lockMinutes * 60_000;
    const failures = await this.kv.incr(failKey(username), ttl);
    if (failures >= this.opts.maxFailures) {
      await this.kv.set(lockKey(username), "1", ttl);
      await this.kv.del(failKey(username));
      throw refused(this.lockedMessage);
    }
    return this.opts.maxFailures - failures;
  }

  /** A right password clears the count. */
  async succeed(username: string): Promise<void> {
    await this.kv.del(failKey(username));
  }
}

const lockKey = (username: string) => `login-lock:${username}`;
const failKey = (username: string) => `login-fail:${username}`;
