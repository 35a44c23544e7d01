// Passwords: scrypt (N = 2^logN, r = 8, p = 1) with a random 16-byte salt, compared in constant
// time. The parameters are stored with the hash, so raising the cost later keeps old hashes valid.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const optionsFor = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN, r, p, maxmem: 128 * 2 ** logN * r * 2,
});

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, optionsFor(logN, 8, 1));
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!Number.isInteger(logN) || logN < 10 || logN > 20) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  const actual = await scrypt(password, salt, optionsFor(logN, r, p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: compared against when a username does not exist, so a wrong
 * username costs the same time as a wrong password. */
let dummy: Promise<string> | undefined;
export function dummyHash(logN: number): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return dummy;
}

/** Which password work goes first when the queue is full: a sign-in (login, sign-up, the Discord
 * fuse) before a password change, so a flood of changes cannot keep players from signing in. */
export type PasswordPriority = 'signIn' | 'change';

/** The queue is full: the caller answers 503 with Retry-After (`retryAfterS`). */
export class PasswordWorkBusy extends Error {
  constructor(readonly retryAfterS: number) { super('password work queue full'); }
}

interface Waiting { start(): void; refuse(error: PasswordWorkBusy): void }

/**
 * scrypt behind a bounded queue, one per process: at most `concurrency` hashes run at once (each
 * takes 128 MiB and a thread of libuv's pool, which file and DNS work share), at most
 * `queueLimit` more wait, and past that a caller is refused at once (PasswordWorkBusy) instead of
 * waiting behind an unbounded line. A sign-in arriving at a full queue takes the place of the
 * newest waiting password change, which is refused instead.
 */
export class PasswordWork {
  private running = 0;
  private readonly waiting: Record<PasswordPriority, Waiting[]> = { signIn: [], change: [] };
  /** A running average of one hash's time (ms), for Retry-After. */
  private averageMs = 200;

  constructor(readonly concurrency: number, readonly queueLimit: number) {}

  /** Hashes waiting now (the metrics and tests read it). */
  get queued(): number { return this.waiting.signIn.length + this.waiting.change.length; }

  run<T>(task: () => Promise<T>, priority: PasswordPriority): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Waiting = {
        start: () => {
          this.running++;
          const began = performance.now();
          task().then(resolve, reject).finally(() => {
            this.averageMs = this.averageMs * 0.8 + (performance.now() - began) * 0.2;
            this.running--;
            this.next();
          });
        },
        refuse: reject,
      };
      if (this.running < this.concurrency) { job.start(); return; }
      if (this.queued >= this.queueLimit) {
        const bumped = priority === 'signIn' ? this.waiting.change.pop() : undefined;
        if (!bumped) { reject(this.busy()); return; }
        bumped.refuse(this.busy());
      }
      this.waiting[priority].push(job);
    });
  }

  private next(): void {
    const job = this.waiting.signIn.shift() ?? this.waiting.change.shift();
    job?.start();
  }

  private busy(): PasswordWorkBusy {
    const seconds = Math.ceil(((this.queued + this.running) / this.concurrency) * this.averageMs / 1000);
    return new PasswordWorkBusy(Math.max(1, Math.min(60, seconds)));
  }
}
