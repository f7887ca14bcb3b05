// A lane: the device work of checks whose protocol waits (PAIR-02's polls, the window after a press), done from the
// start of the run beside the checks of other areas, which take the device's turn while the lane waits (device-turn.ts).
// Each part of a lane is what one check would have done: its requests, the read-backs of the states only their own
// requests change (owned-watch.ts) before every wait and at its end, its observations. The check adopts the part
// when its test comes (clause-test.ts `adopt`): its record shows the part's exchanges and judges them, as if it had
// made them itself. Where the other checks changed anything while the lane waited, the socket is put back as the run
// arranged it (locked, lib/runner/owned-arrange.ts) before the lane goes on, so a side effect of the lane's next
// requests shows as it would have in a run of one check after another.
import { setTimeout as sleep } from 'node:timers/promises';
import { DeviceClient } from '../client/device-client.js';
import { type Exchange, exchangesLogged } from '../client/exchange-log.js';
import { isTransportError } from '../client/errors.js';
import { STATE_PATH, readSocket, socketStateOf } from '../client/socket-state.js';
import type { SuiteContext } from '../contract/run-context.js';
import { answerOf } from '../judge/device/judgment.js';
import type { ClauseId } from '../spec/clause-types.js';
import { type CheckContext, runSecrets } from './clause-test.js';
import { giveTurn, takeTurn } from './device-turn.js';
import { requestGuard } from './given-up.js';
import { beforeCheck, leaveUnread, unreadStates, watchOwned } from './owned-watch.js';
import type { OwnedClause } from '../judge/device/owned.js';
import { runPool } from './run-pool.js';

/** A judgment of another clause a part made (a watched state read back), judged in the adopting check. */
export interface Deferred {
  clause: ClauseId;
  fn: () => unknown;
  read: readonly Exchange[];
}

/** How a part ended: what its work returned or threw, and what the adopting check records. */
export interface PartEnding<T> {
  ended: { value: T } | { error: unknown } | { skip: string };
  records: Exchange[];
  deferred: Deferred[];
  observed: unknown[];
}

class LaneSkip extends Error {}

/** The socket as the run arranged it before the suites, where it watches SOCK-18: the lock and brightness it was left at, put back where they differ. */
async function rearrange(device: DeviceClient, run: SuiteContext): Promise<void> {
  const arranged = run.owned?.['SOCK-18'];
  const want = arranged && socketStateOf(answerOf(arranged)?.json);
  if (!want || run.skips['SOCK-18']) return;
  try {
    const { state } = await readSocket(device);
    if (state && state.switch_lock === want.switch_lock && state.brightness === want.brightness) return;
    await device.v1.put(STATE_PATH, { body: { switch_lock: want.switch_lock, brightness: want.brightness } });
  } catch (err) {
    if (!isTransportError(err)) throw err;
  }
}

/**
 * A lane of the run: made before the first check takes the device's turn, so it has the device first, and holds it but
 * while it waits (`ctx.idle`) until end(). Its parts run one after another in the order they were asked for.
 */
export class Lane {
  private readonly redactor = runSecrets();
  /** The last part asked for, settled (never rejected): the next runs after it. */
  private tail: Promise<unknown>;
  /** The watched states nothing was known of when the lane last took the device: it leaves them so (owned-watch.ts). */
  private unread: OwnedClause[] = [];

  constructor(private readonly run: SuiteContext) {
    this.tail = this.take();
  }

  private async take(): Promise<void> {
    await takeTurn();
    this.unread = unreadStates(this.run);
  }

  private give(): void {
    leaveUnread(this.unread);
    giveTurn();
  }

  /**
   * One check's device work, done as check `id` would do it (its reads before, its requests, the read-backs after) after
   * the parts before it, and not before `after` settles, which the lane awaits without the device's turn.
   */
  part<T>(id: ClauseId, work: (ctx: CheckContext) => Promise<T>, after?: Promise<unknown>): Promise<PartEnding<T>> {
    const done = this.tail.then(() => this.runPart(id, work, after));
    this.tail = done.catch(() => undefined);
    return done;
  }

  /** No part comes after those asked for: the turn goes back once they are done. */
  end(): void {
    void this.tail.then(() => this.give());
  }

  private async runPart<T>(id: ClauseId, work: (ctx: CheckContext) => Promise<T>, after?: Promise<unknown>): Promise<PartEnding<T>> {
    const { run } = this;
    const device = new DeviceClient(run.target, this.redactor, run.requestTimeoutMs, requestGuard(run), runPool(run));
    const deferred: Deferred[] = [];
    const observed: unknown[] = [];
    let walked = 0;
    const defer = async (clause: ClauseId, fn: () => unknown, read: readonly Exchange[] = []) => void deferred.push({ clause, fn, read });
    /** The part's requests not walked yet, walked for the watched states (read back where `readAfter`), so that what it carries on is its last. */
    const walk = async (readAfter: boolean) => {
      await watchOwned(id, device, run, defer, (w) => w(), readAfter, walked);
      walked = device.log.records.length;
    };
    const watch = () => walk(true);
    /**
     * The device left to the others until `until` settles; then the socket as the run arranged it, where they came
     * between, and that walked: a PUT that put it back leaves nothing read of it before, so the next check reads it first.
     */
    const away = async (until: Promise<unknown>) => {
      const mark = exchangesLogged();
      this.give();
      await until;
      await this.take();
      if (exchangesLogged() === mark) return;
      await rearrange(device, run);
      await walk(false);
    };
    const ctx: CheckContext = {
      device,
      run,
      token: run.token ?? '',
      observe: (w) => observed.push(w),
      skip: (reason) => {
        throw new LaneSkip(reason);
      },
      also: defer,
      idle: async (ms) => {
        await watch();
        await away(sleep(ms));
        await beforeCheck(id, device, run);
      },
      adopt: () => {
        throw new Error('a lane adopts nothing: its parts are adopted by the checks');
      },
    };
    let ended: PartEnding<T>['ended'];
    try {
      if (after) await away(after);
      await beforeCheck(id, device, run);
      ended = { value: await work(ctx) };
    } catch (err) {
      ended = err instanceof LaneSkip ? { skip: err.message } : { error: err };
    }
    try {
      await watch();
    } catch (err) {
      if (!('error' in ended)) ended = { error: err };
    } finally {
      await device.close().catch(() => undefined);
    }
    return { ended, records: device.log.records, deferred, observed };
  }
}
